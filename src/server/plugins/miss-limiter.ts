import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

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
      const now = Date.now();
      const windowStart = now - options.windowMs;
      const key = `collect:${options.name}:${ip}`;
      // One atomic upsert: a new window starts when the stored one has ended.
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
      if (!row || row.count <= options.max) return 0;
      const until = Number(row.windowStartedAt) + options.windowMs;
      blockedUntil.set(ip, until);
      if (blockedUntil.size > 100_000) blockedUntil.clear();
      return until - now;
    },
  };
}

export type MissLimiter = ReturnType<typeof createMissLimiter>;
