import { LRUCache } from "lru-cache";
import type { Limit } from "../plugins/rate-limits";

/**
 * Fixed-window tallies kept in this process, forgotten when their window ends (and the least
 * recently used first past `keys`), for limits on this process's own work: card draws, and the
 * upload bytes it lets onto its disk. `take` adds `amount` and answers 0 while the window stays
 * within `max`, else the milliseconds until it ends (and then counts nothing).
 */
export function createWindowCounter(limit: Limit, keys = 50_000) {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({
    max: keys,
    ttl: limit.timeWindow,
    ttlAutopurge: false,
  });
  const current = (key: string, now: number) => {
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + limit.timeWindow };
      windows.set(key, window);
    }
    return window;
  };
  return {
    /** What `take` would answer, counting nothing (to check several limits before taking from any). */
    wait(key: string, amount = 1, now = Date.now()): number {
      const window = current(key, now);
      return window.count + amount > limit.max ? window.endsAt - now : 0;
    },
    take(key: string, amount = 1, now = Date.now()): number {
      const window = current(key, now);
      if (window.count + amount > limit.max) return window.endsAt - now;
      window.count += amount;
      return 0;
    },
  };
}
