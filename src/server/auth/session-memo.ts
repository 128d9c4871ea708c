import { parseCookies } from "better-auth/cookies";
import { LRUCache } from "lru-cache";

/**
 * The value of one cookie in a Cookie header, or undefined, read by better-auth's own parser:
 * the name matched exactly, the value unquoted and percent-decoded as the signed value it verifies.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  return (header && parseCookies(header).get(name)) || undefined;
}

/**
 * Verified session token → its user, for a few seconds (docs/decisions/003-session-cookie-cache.md).
 * Keyed by the signed token alone, so other cookies cannot multiply entries; only tokens that
 * better-auth accepted are stored; at most `max` entries, the least recently used out first.
 */
export function createSessionMemo<T extends {}>({
  max = 10_000,
  ttlMs = 5_000,
}: {
  max?: number;
  ttlMs?: number;
} = {}) {
  // Aged by the wall clock, like the session's own expiresAt (and the tests' fake timers).
  const entries = new LRUCache<string, T>({ max, perf: { now: () => Date.now() } });
  const verifying = new Map<string, Promise<T | null>>();
  // Bumped by every delete (a sign-out): a verification that began before one is not remembered.
  let deletions = 0;
  /**
   * Forgets the token, and what a verification running now would remember of it or answer to
   * calls that join it (a sign-out, or a check that found the session gone).
   */
  const forget = (token: string): void => {
    deletions++;
    verifying.delete(token);
    entries.delete(token);
  };
  /** Remembers a verified token until `ttlMs` from now, never past `expiresAt`. */
  const set = (token: string, value: T, expiresAt: number): void => {
    // lru-cache serves an entry while its age is at most `ttl`; ours ends at the deadline itself.
    const ttl = Math.min(ttlMs, expiresAt - Date.now()) - 1;
    if (ttl > 0) entries.set(token, value, { ttl });
    else entries.delete(token);
  };

  return {
    get(token: string): T | undefined {
      return entries.get(token);
    },
    set,
    /**
     * The token's value: remembered, or verified by `verify` (null: not a session) — once for all
     * the calls that ask while it runs. When an entry runs out, every call a client has in flight
     * misses it at the same moment: 64 of them each verified the session, ~100 ms of one core.
     * `fresh` verifies anew whatever is remembered or running, and remembers the answer.
     */
    lookup(
      token: string,
      verify: () => Promise<{ value: T; expiresAt: number } | null>,
      { fresh = false } = {},
    ): Promise<T | null> {
      const known = fresh ? undefined : (entries.get(token) ?? verifying.get(token));
      if (known !== undefined) return Promise.resolve(known);
      const began = deletions;
      const pending = verify()
        .then((verified) => {
          if (!verified) forget(token);
          else if (began === deletions) set(token, verified.value, verified.expiresAt);
          return verified?.value ?? null;
        })
        .finally(() => {
          if (verifying.get(token) === pending) verifying.delete(token);
        });
      if (!fresh) verifying.set(token, pending);
      return pending;
    },
    delete: forget,
    get size() {
      return entries.size;
    },
  };
}

export type SessionMemo<T extends {}> = ReturnType<typeof createSessionMemo<T>>;
