import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { createMissLimiter } from "./miss-limiter";

/** Attempts on one account before it locks; then 30 s, doubling each further attempt, at most 1 h. */
const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60_000;
/** A count untouched this long starts again from zero. */
const FORGET_MS = 24 * 60 * 60_000;

/** How long an account with `count` counted attempts stays locked after the last one. */
export function lockMs(count: number): number {
  return count < FREE_ATTEMPTS ? 0 : Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (count - FREE_ATTEMPTS));
}

/**
 * Sign-in limits on top of better-auth's 10 a minute per IP, in the shared rate-limit table so
 * every process sees one count: per account, a growing lock after five attempts that did not
 * succeed (counted before the password is checked, so parallel guesses cannot slip past; a
 * success clears it); and one ceiling over all password sign-ins and sign-ups.
 */
export function createSignInLimits(db: Db, ceilingPerMinute: number) {
  const ceiling = createMissLimiter(db, { name: "sign-in-ceiling", max: ceilingPerMinute, windowMs: 60_000 });
  const keyOf = (email: string) => `collect:sign-in-account:${email.trim().toLowerCase()}`;
  const lockSql = sql`least(${MAX_LOCK_MS}, ${FIRST_LOCK_MS} * power(2, ${rateLimits.count} - ${FREE_ATTEMPTS}))::bigint`;

  return {
    /** Counts one attempt of all; milliseconds to wait when over the ceiling, else 0. */
    async overCeiling(): Promise<number> {
      return ceiling.blockedFor("all") || (await ceiling.recordMiss("all"));
    },

    /** Counts one attempt on the account; milliseconds it stays locked (not counted), else 0. */
    async beginAttempt(email: string): Promise<number> {
      const now = Date.now();
      const key = keyOf(email);
      const stale = sql`${rateLimits.lastRequest} < ${now - FORGET_MS}`;
      const [counted] = await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            lastRequest: now,
          },
          setWhere: sql`${stale} OR ${rateLimits.count} < ${FREE_ATTEMPTS} OR ${rateLimits.lastRequest} + ${lockSql} <= ${now}`,
        })
        .returning({ count: rateLimits.count });
      if (counted) return 0;
      const [row] = await db
        .select({ count: rateLimits.count, last: rateLimits.lastRequest })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return row ? Math.max(1, Number(row.last) + lockMs(row.count) - now) : 0;
    },

    /** The password was right: the account starts again from zero. */
    async succeeded(email: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
    },

    /** The attempt never reached a password check (refused per IP, or the server was busy). */
    async uncount(email: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, keyOf(email)));
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
