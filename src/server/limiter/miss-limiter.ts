import type { Limiter } from "#server/limiter/limiter.ts";
import type { LimitName } from "#server/limits.ts";

/**
 * Counts misses (e.g. unknown short codes) of a limit of limits.ts per client, on the shared
 * counters, so every app process sees one count. Hits cost nothing: a client that went over
 * the limit is remembered locally until its window ends, and refused before any lookup — so a
 * blocked client learns nothing, not even whether a code exists.
 */
export function createMissLimiter(limiter: Limiter, name: LimitName, max?: number) {
  const blockedUntil = new Map<string, number>();

  return {
    /** Milliseconds until the client may look up again, or 0. */
    blockedFor(who: string): number {
      const until = blockedUntil.get(who);
      if (until === undefined) return 0;
      const left = until - Date.now();
      if (left <= 0) blockedUntil.delete(who);
      return Math.max(0, left);
    },

    /** Records one miss; returns the milliseconds the client is now blocked for (0 = still allowed). */
    async recordMiss(who: string): Promise<number> {
      const wait = await limiter.wait(name, who, max);
      if (wait === 0) return 0;
      blockedUntil.set(who, Date.now() + wait);
      if (blockedUntil.size > 100_000) blockedUntil.clear();
      return wait;
    },
  };
}
