import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Db } from "#server/db/client.ts";
import { countInWindow } from "#server/db/counters.ts";
import { TooManyRequests } from "#server/lib/http-error.ts";
import { LIMITS, type LimitName, waitInWords } from "#server/limits.ts";

// INCR, and start the window's expiry on its first hit: the same fixed window as the database.
const REDIS_HIT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
if current == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** One hit of a fixed window: the count so far in it, and the milliseconds until it ends. */
export type Hit = { current: number; ttl: number };

/** The counters every app process shares: PostgreSQL's `limit_counter`, or Redis (REDIS_URL). */
export type CounterStore = {
  kind: "database" | "redis";
  hit(key: string, windowMs: number, amount?: number): Promise<Hit>;
  /** Failed hits since start (read by /metrics). */
  errors(): number;
  /** False while hits have been failing lately (then /readyz says "degraded"). */
  healthy(): boolean;
  close(): Promise<void>;
};

/**
 * Redis answers a hit in well under a millisecond: a command it has not answered in this long
 * is failed (and the limit let through) rather than waited for. A hung Redis held every
 * limited write for over 200 s, a stopped one for 3–13 s each.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 50;
const UNHEALTHY_FOR_MS = 5_000;
const CONNECT_TIMEOUT_MS = 1_000;

export async function openCounterStore(
  options: { db: Db; redisUrl?: string; redisPrefix?: string; commandTimeoutMs?: number | undefined },
  log: FastifyBaseLogger,
): Promise<CounterStore> {
  let errors = 0;
  let failedAt = Number.NEGATIVE_INFINITY;
  const counted =
    (hit: (key: string, windowMs: number, amount: number) => Promise<Hit>) =>
    (key: string, windowMs: number, amount = 1): Promise<Hit> =>
      hit(key, windowMs, amount).catch((error: unknown) => {
        errors++;
        failedAt = Date.now();
        throw error;
      });
  const health = {
    errors: () => errors,
    healthy: () => Date.now() - failedAt > UNHEALTHY_FOR_MS,
  };
  if (!options.redisUrl) {
    return {
      kind: "database",
      ...health,
      hit: counted(async (key, windowMs, amount) => {
        const { count, windowStartedAt } = await countInWindow(
          options.db,
          `collect:limit:${key}`,
          windowMs,
          amount,
        );
        return { current: count, ttl: Math.max(0, windowStartedAt + windowMs - Date.now()) };
      }),
      async close() {},
    };
  }
  // A CommonJS package: its `default` is its exports (the Redis class), in Node and in the build.
  const { default: RedisClient } = await import("ioredis");
  const redis: Redis = new RedisClient(options.redisUrl, {
    // Fail at once while disconnected (no queue of waiting commands), and never wait long for
    // an answer; reconnect in the background, at most every 2 s.
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // One warning when Redis stops answering, one when it answers again: a connection refused or
  // lost, and a command past its timeout (a hung Redis, which keeps the connection open and never
  // fails it) alike. It is back once a command succeeds after UNHEALTHY_FOR_MS without a failure,
  // as /readyz sees it: a Redis answering some commands in time and not others stays one outage.
  // Calls made while the first connection is being made fail (no offline queue) without Redis
  // being at fault: not an outage until that connection is late.
  const connecting = Date.now();
  let connected = false;
  redis.once("ready", () => {
    connected = true;
  });
  let outage: { since: number; failed: number } | undefined;
  const notAnswering = (error: unknown) => {
    if (!connected && Date.now() - connecting < CONNECT_TIMEOUT_MS) return;
    if (outage) {
      outage.failed++;
      return;
    }
    outage = { since: Date.now(), failed: 1 };
    log.warn({ err: error }, "redis not answering: limits let calls through until it is back");
  };
  const answering = () => {
    if (!outage || !health.healthy()) return;
    log.warn(
      { outageMs: Date.now() - outage.since, failed: outage.failed },
      "redis answering again: limits count again",
    );
    outage = undefined;
  };
  redis.on("error", notAnswering);
  const prefix = options.redisPrefix ?? "collect:limit:";
  const hit = counted(async (key, windowMs, amount) => {
    const [current, ttl] = (await redis.eval(REDIS_HIT, 1, prefix + key, windowMs, amount)) as [
      number,
      number,
    ];
    return { current, ttl };
  });
  return {
    kind: "redis",
    ...health,
    hit: (key, windowMs, amount) =>
      hit(key, windowMs, amount).then(
        (result) => {
          answering();
          return result;
        },
        (error: unknown) => {
          notAnswering(error);
          throw error;
        },
      ),
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * The one way a counted limit of limits.ts is checked: one hit on the shared store under
 * `{name}:{who}`. Off with RATE_LIMITS=false. A store that fails lets the call through and logs
 * it: a limiter outage must not become an outage (docs/decisions/009).
 */
export function createLimiter(store: CounterStore, options: { enabled: boolean; log: FastifyBaseLogger }) {
  /**
   * Counts one use (or `amount`, e.g. bytes): the count in the window so far (0 when limits are
   * off or the store failed), and the milliseconds until the limit allows more, or 0.
   */
  async function hit(
    name: LimitName,
    who: string,
    max: number = LIMITS[name].max,
    amount = 1,
  ): Promise<{ current: number; waitMs: number }> {
    if (!options.enabled) return { current: 0, waitMs: 0 };
    const { windowMs } = LIMITS[name];
    try {
      const { current, ttl } = await store.hit(`${name}:${who}`, windowMs, amount);
      return { current, waitMs: current <= max ? 0 : Math.max(1, ttl) };
    } catch {
      // Counted in store.errors and logged by the store; every counted limit fails open.
      return { current: 0, waitMs: 0 };
    }
  }
  /** Counts one use (or `amount`, e.g. bytes); the milliseconds until the limit allows more, or 0. */
  const wait = async (name: LimitName, who: string, max?: number, amount?: number): Promise<number> =>
    (await hit(name, who, max, amount)).waitMs;
  return {
    enabled: options.enabled,
    hit,
    wait,
    /**
     * Counts `amount` on each limit in turn; when one refuses, what the earlier ones counted is
     * taken back (nothing was used) and its 429 thrown.
     */
    async checkAll(checks: { name: LimitName; who: string; max?: number }[], amount = 1): Promise<void> {
      const counted: typeof checks = [];
      for (const check of checks) {
        const waitMs = await wait(check.name, check.who, check.max, amount);
        if (waitMs > 0) {
          for (const done of counted) await wait(done.name, done.who, Number.POSITIVE_INFINITY, -amount);
          throw tooMany(check.name, waitMs);
        }
        counted.push(check);
      }
    },
    /** Counts one use, and refuses it with the limit's 429 once over. */
    async check(name: LimitName, who: string, max?: number, amount?: number): Promise<void> {
      const waitMs = await wait(name, who, max, amount);
      if (waitMs > 0) throw tooMany(name, waitMs);
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** The limit's 429, with how long to wait in its words and in Retry-After. */
export function tooMany(name: LimitName, waitMs: number): TooManyRequests {
  const message: string = LIMITS[name].message ?? "Too many requests. Please try again later.";
  return new TooManyRequests(message.replace("{wait}", waitInWords(waitMs)), waitMs);
}
