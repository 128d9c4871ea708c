import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Db } from "../db/client";
import { countInWindow } from "../db/counters";

// INCR, and start the window's expiry on its first hit: the same fixed window as the database.
const REDIS_HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

export type CounterBackend = { kind: "database"; db: Db } | { kind: "redis"; redis: Redis; prefix: string };

type Hit = { current: number; ttl: number };
/** What the plugin hands `child`: the route's merged limit options (typed there as route options). */
type StoreParams = { routeInfo?: { method?: string; url?: string } };

/**
 * A store for @fastify/rate-limit that every app process shares: PostgreSQL (db/counters.ts
 * limit_counter table) or Redis. Keys are `{route or limiter name}:{caller}`.
 */
export function sharedStore(backend: CounterBackend, log: FastifyBaseLogger) {
  const hit = async (key: string, windowMs: number): Promise<Hit> => {
    if (backend.kind === "redis") {
      const [current, ttl] = (await backend.redis.eval(REDIS_HIT, 1, backend.prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { current, ttl };
    }
    const { count, windowStartedAt } = await countInWindow(backend.db, `collect:limit:${key}`, windowMs);
    return { current: count, ttl: Math.max(0, windowStartedAt + windowMs - Date.now()) };
  };

  return class SharedStore {
    constructor(
      _params: object,
      readonly scope = "",
    ) {}
    incr(key: string, callback: (error: Error | null, hit?: Hit) => void, timeWindow: number) {
      hit(this.scope ? `${this.scope}:${key}` : key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => {
          // The plugin lets the call through (skipOnError): a limiter outage is no outage.
          log.warn({ err: error }, "rate-limit store unavailable");
          callback(error);
        },
      );
    }
    child(params: object) {
      const route = (params as StoreParams).routeInfo;
      return new SharedStore(params, route?.url ? `${route.method} ${route.url}` : "");
    }
  };
}
