import type { Db } from "../db/client";
import { clearCount, countUnlessLocked, type LockPolicy, uncount } from "../db/counters";
import { createMissLimiter } from "./miss-limiter";

/** Attempts on one account before it locks; then 30 s, doubling each further attempt, at most 1 h. */
const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60_000;
/** A count untouched this long starts again from zero. */
const FORGET_MS = 24 * 60 * 60_000;
const LOCK: LockPolicy = {
  free: FREE_ATTEMPTS,
  firstMs: FIRST_LOCK_MS,
  maxMs: MAX_LOCK_MS,
  forgetMs: FORGET_MS,
};

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

  return {
    /** Counts one attempt of all; milliseconds to wait when over the ceiling, else 0. */
    async overCeiling(): Promise<number> {
      return ceiling.blockedFor("all") || (await ceiling.recordMiss("all"));
    },

    /** Counts one attempt on the account; milliseconds it stays locked (not counted), else 0. */
    async beginAttempt(email: string): Promise<number> {
      const now = Date.now();
      const result = await countUnlessLocked(db, keyOf(email), LOCK, now);
      return result.locked ? Math.max(1, result.last + lockMs(result.count) - now) : 0;
    },

    /** The password was right: the account starts again from zero. */
    async succeeded(email: string): Promise<void> {
      await clearCount(db, keyOf(email));
    },

    /** The attempt never reached a password check (refused per IP, or the server was busy). */
    async uncount(email: string): Promise<void> {
      await uncount(db, keyOf(email));
    },
  };
}
