import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { limitCounters as counters } from "./schema";

/**
 * The shared `limit_counter` table: counters every app process sees (docs/decisions/009).
 * Only this module touches it (never better-auth's `rate_limit`, which better-auth prunes to
 * its own 60 s window); the limiters decide what the counts mean.
 */

/** One fixed window's count for a key, and when that window started (ms since the epoch). */
export type WindowCount = { count: number; windowStartedAt: number };

/**
 * Counts `amount` (one hit, or bytes) of `key` in a fixed window of `windowMs`. One atomic upsert: a new window
 * starts when the stored one has ended.
 */
export async function countInWindow(db: Db, key: string, windowMs: number, amount = 1): Promise<WindowCount> {
  const now = Date.now();
  const windowStart = now - windowMs;
  const ended = sql`${counters.markedAt} <= ${windowStart}`;
  const [row] = await db
    .insert(counters)
    .values({ key, count: amount, markedAt: now, expiresAt: now + windowMs })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN ${amount} ELSE ${counters.count} + ${amount} END`,
        markedAt: sql`CASE WHEN ${ended} THEN ${now} ELSE ${counters.markedAt} END`,
        expiresAt: sql`CASE WHEN ${ended} THEN ${now + windowMs} ELSE ${counters.expiresAt} END`,
      },
    })
    .returning({ count: counters.count, windowStartedAt: counters.markedAt });
  return { count: Number(row?.count ?? amount), windowStartedAt: Number(row?.windowStartedAt ?? now) };
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
  const stale = sql`${counters.markedAt} < ${now - policy.forgetMs}`;
  const lockMs = sql`least(${policy.maxMs}, ${policy.firstMs} * power(2, ${counters.count} - ${policy.free}))::bigint`;
  const [counted] = await db
    .insert(counters)
    .values({ key, count: 1, markedAt: now, expiresAt: now + policy.forgetMs })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`CASE WHEN ${stale} THEN 1 ELSE ${counters.count} + 1 END`,
        markedAt: now,
        expiresAt: now + policy.forgetMs,
      },
      setWhere: sql`${stale} OR ${counters.count} < ${policy.free} OR ${counters.markedAt} + ${lockMs} <= ${now}`,
    })
    .returning({ count: counters.count });
  if (counted) return { locked: false };
  const [row] = await db
    .select({ count: counters.count, last: counters.markedAt })
    .from(counters)
    .where(eq(counters.key, key));
  return row ? { locked: true, count: row.count, last: Number(row.last) } : { locked: false };
}

export async function clearCount(db: Db, key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}

export async function uncount(db: Db, key: string): Promise<void> {
  await db
    .update(counters)
    .set({ count: sql`greatest(${counters.count} - 1, 0)` })
    .where(eq(counters.key, key));
}

/** Deletes the counters whose window or memory has ended; returns how many. */
export async function sweepCounters(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(counters)
    .where(lt(counters.expiresAt, now))
    .returning({ key: counters.key });
  return deleted.length;
}
