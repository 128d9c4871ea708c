/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Verified session token → its user, for a few seconds (docs/decisions/003-session-cookie-cache.md).
 * Keyed by the signed token alone, so other cookies cannot multiply entries; only tokens that
 * better-auth accepted are stored; at most `max` entries, oldest (hence first to expire) out first.
 */
export function createSessionMemo<T>({ max = 10_000, ttlMs = 5_000 }: { max?: number; ttlMs?: number } = {}) {
  const entries = new Map<string, { value: T; until: number }>();

  /** Drops expired entries from the front (all share one lifetime, so it expires first), then makes room. */
  const sweep = (now: number) => {
    for (const [key, entry] of entries) {
      if (entry.until > now && entries.size < max) break;
      entries.delete(key);
    }
  };

  return {
    get(token: string): T | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.value;
      entries.delete(token);
      return undefined;
    },
    /** Remembers a verified token until `ttlMs` from now, never past `expiresAt`. */
    set(token: string, value: T, expiresAt: number): void {
      const now = Date.now();
      entries.delete(token);
      sweep(now);
      entries.set(token, { value, until: Math.min(now + ttlMs, expiresAt) });
    },
    delete(token: string): void {
      entries.delete(token);
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionMemo<T> = ReturnType<typeof createSessionMemo<T>>;
