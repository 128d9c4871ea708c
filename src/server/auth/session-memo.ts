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

  return {
    get(token: string): T | undefined {
      return entries.get(token);
    },
    /** Remembers a verified token until `ttlMs` from now, never past `expiresAt`. */
    set(token: string, value: T, expiresAt: number): void {
      // lru-cache serves an entry while its age is at most `ttl`; ours ends at the deadline itself.
      const ttl = Math.min(ttlMs, expiresAt - Date.now()) - 1;
      if (ttl > 0) entries.set(token, value, { ttl });
      else entries.delete(token);
    },
    delete(token: string): void {
      entries.delete(token);
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionMemo<T extends {}> = ReturnType<typeof createSessionMemo<T>>;
