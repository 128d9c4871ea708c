import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { rateLimits } from "./schema";

/**
 * The shared `rate_limit` table: counters every app process sees (docs/decisions/009). Only
 * this module and better-auth's adapter touch it; the limiters decide what the counts mean.
 */

/** One fixed window's count for a key, and when that window started (ms since the epoch). */
export type WindowCount = { count: number; windowStartedAt: number };

/**
 * Counts one hit of `key` in a fixed window of `windowMs`. One atomic upsert: a new window
 * starts when the stored one has ended.
 */
export async function countInWindow(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const now = Date.now();
  const windowStart = now - windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  return { count: row?.count ?? 1, windowStartedAt: Number(row?.windowStartedAt ?? now) };
}

/**
 * One more use of an allowance of `max` per `windowMs`: 0 while it lasts, else the milliseconds
 * until the window ends and the allowance starts again (the caller's Retry-After).
 */
export async function allowanceWait(db: Db, key: string, max: number, windowMs: number): Promise<number> {
  const { count, windowStartedAt } = await countInWindow(db, key, windowMs);
  return count <= max ? 0 : Math.max(1, windowStartedAt + windowMs - Date.now());
}

/** A lock that starts after `free` attempts: `firstMs`, doubling each further attempt, at most `maxMs`. */
export type LockPolicy = { free: number; firstMs: number; maxMs: number; forgetMs: number };

/**
 * Counts one attempt on `key` unless it is locked under `policy` (a count untouched for
 * `forgetMs` starts again from one). When locked, nothing is counted and the stored count and
 * last attempt are answered instead.
 */
export async function countUnlessLocked(
  db: Db,
  key: string,
  policy: LockPolicy,
  now: number,
): Promise<{ locked: false } | { locked: true; count: number; last: number }> {
  const stale = sql`${rateLimits.lastRequest} < ${now - policy.forgetMs}`;
  const lockMs = sql`least(${policy.maxMs}, ${policy.firstMs} * power(2, ${rateLimits.count} - ${policy.free}))::bigint`;
  const [counted] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`CASE WHEN ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`, lastRequest: now },
      setWhere: sql`${stale} OR ${rateLimits.count} < ${policy.free} OR ${rateLimits.lastRequest} + ${lockMs} <= ${now}`,
    })
    .returning({ count: rateLimits.count });
  if (counted) return { locked: false };
  const [row] = await db
    .select({ count: rateLimits.count, last: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row ? { locked: true, count: row.count, last: Number(row.last) } : { locked: false };
}

export async function clearCount(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function uncount(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
