import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { clearCount, countUnlessLocked, type LockPolicy, uncount } from "#server/db/counters.ts";
import { type SigningSecret, signature, signatureHolds } from "#server/lib/signed-token.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import { createMissLimiter } from "#server/limiter/miss-limiter.ts";
import { ACCOUNT_LOCK } from "#server/limits.ts";

const LOCK: LockPolicy = ACCOUNT_LOCK;

/** A device that signed in to an account keeps this cookie; others' failures do not lock it out. */
export const DEVICE_COOKIE = "collect_device";
const DEVICE_COOKIE_DAYS = 400;

/** How long an account with `count` counted attempts stays locked after the last one. */
export function lockMs(count: number): number {
  return count < LOCK.free ? 0 : Math.min(LOCK.maxMs, LOCK.firstMs * 2 ** (count - LOCK.free));
}

/** An attempt under way: what to clear on success or take back when no password was checked. */
export type Attempt = { key: string };

/**
 * Sign-in limits, in the shared counters so every process sees one count:
 * - per client address, 10 password attempts a minute, counted first, so one address can
 *   never use up anything that others share;
 * - per account, a growing lock after five attempts that did not succeed (counted before the
 *   password is checked, so parallel guesses cannot slip past; a success clears it). A device
 *   that signed in to the account before (a signed cookie) has a lock of its own instead, so
 *   strangers' guesses cannot lock its owner out;
 * - one ceiling over every password check (sign-ins, sign-ups), sized to what the server can
 *   hash, counted only for attempts that passed the two checks above.
 * Change-password and delete-account count on the same account lock: a stolen session is no
 * better an oracle for the password than the sign-in form.
 */
export function createSignInLimits(
  db: Db,
  limiter: Limiter,
  options: { ceilingPerMinute: number; secret: SigningSecret },
) {
  const ceiling = createMissLimiter(limiter, "passwordCeiling", options.ceilingPerMinute);
  const accountKey = (email: string) => `collect:sign-in-account:${email.trim().toLowerCase()}`;
  // The cookie names the device; its MAC binds it to the account's email too (lib/signed-token.ts).
  const deviceOf = (device: string, email: string) => `${device}\n${email.trim().toLowerCase()}`;

  /** The device id, when the cookie is one this server gave a device that signed in as `email`. */
  function knownDevice(cookie: string | undefined, email: string): string | null {
    const [device, signed] = cookie?.split(".") ?? [];
    if (!device || !signed || !/^[\w-]{22}$/.test(device)) return null;
    return signatureHolds(options.secret, "device", deviceOf(device, email), signed) ? device : null;
  }

  return {
    /** Counts one password attempt from the address; milliseconds to wait when over, else 0. */
    addressWait(ip: string): Promise<number> {
      return limiter.wait("passwordPerAddress", ip);
    },

    /** Counts one password check of all; milliseconds to wait when over the ceiling, else 0. */
    async overCeiling(): Promise<number> {
      return ceiling.blockedFor("all") || (await ceiling.recordMiss("all"));
    },

    /**
     * Counts one attempt on the account (or on the known device's own lock); the milliseconds
     * it stays locked (nothing counted), or the attempt.
     */
    async beginAttempt(email: string, deviceCookie?: string): Promise<{ lockedMs: number } | Attempt> {
      const device = knownDevice(deviceCookie, email);
      const key = device ? `collect:sign-in-device:${device}` : accountKey(email);
      if (!limiter.enabled) return { key };
      const now = Date.now();
      const result = await countUnlessLocked(db, key, LOCK, now);
      return result.locked ? { lockedMs: Math.max(1, result.last + lockMs(result.count) - now) } : { key };
    },

    /** The password was right: the account (or device) starts again from zero. */
    async succeeded(attempt: Attempt): Promise<void> {
      await clearCount(db, attempt.key);
    },

    /** The attempt never reached a password check (the server was busy, or over the ceiling). */
    async uncount(attempt: Attempt): Promise<void> {
      await uncount(db, attempt.key);
    },

    /** The Set-Cookie that makes this browser a known device of `email` (after a right password). */
    deviceCookie(email: string, secure: boolean, current?: string): string {
      const device = current?.split(".")[0];
      const id = device && /^[\w-]{22}$/.test(device) ? device : randomBytes(16).toString("base64url");
      const attributes = `Path=/api; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax`;
      const signed = signature(options.secret, "device", deviceOf(id, email));
      return `${DEVICE_COOKIE}=${id}.${signed}; ${attributes}${secure ? "; Secure" : ""}`;
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;

/** The 429 message of a locked account. */
export function lockMessage(waitMs: number): string {
  const wait =
    waitMs < 60_000 ? `${Math.ceil(waitMs / 1000)} seconds` : `${Math.ceil(waitMs / 60_000)} minutes`;
  return `Too many failed sign-ins for this account. Please try again in ${wait}.`;
}
