import type { Db } from "../db/client";
import { allowanceWait } from "../db/counters";

/**
 * Counts failed lookups (e.g. unknown short codes) per client IP in the shared rate-limit table,
 * so every app process sees one count. Hits cost nothing: an IP that went over the limit is
 * remembered locally until its window ends, and refused before any lookup — so a blocked
 * client learns nothing, not even whether a code exists.
 */
export function createMissLimiter(db: Db, options: { name: string; max: number; windowMs: number }) {
  const blockedUntil = new Map<string, number>();

  return {
    /** Milliseconds until the IP may look up again, or 0. */
    blockedFor(ip: string): number {
      const until = blockedUntil.get(ip);
      if (until === undefined) return 0;
      const left = until - Date.now();
      if (left <= 0) blockedUntil.delete(ip);
      return Math.max(0, left);
    },

    /** Records one miss; returns the milliseconds the IP is now blocked for (0 = still allowed). */
    async recordMiss(ip: string): Promise<number> {
      const wait = await allowanceWait(db, `collect:${options.name}:${ip}`, options.max, options.windowMs);
      if (wait === 0) return 0;
      blockedUntil.set(ip, Date.now() + wait);
      if (blockedUntil.size > 100_000) blockedUntil.clear();
      return wait;
    },
  };
}
