import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { HttpError, TooManyRequests } from "./errors";
import { sharedStore } from "./rate-limit-store";

export type Limit = { max: number; timeWindow: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per signed-in user: generous for a person, a wall for a script (docs/decisions/009). Keyed
 * "METHOD /route/pattern" as Fastify registers it.
 */
export const WRITE_LIMITS: Record<string, Limit> = {
  "POST /api/payment-requests": { max: 60, timeWindow: MINUTE },
  "POST /api/payment-requests/:id/remind": { max: 30, timeWindow: MINUTE },
  // Each split makes up to 20 requests.
  "POST /api/splits": { max: 10, timeWindow: MINUTE },
  "POST /api/payees": { max: 60, timeWindow: MINUTE },
  "DELETE /api/payees/:id": { max: 60, timeWindow: MINUTE },
  "POST /api/profile/photo/upload": { max: 10, timeWindow: MINUTE },
  "GET /api/payment-requests/export.csv": { max: 10, timeWindow: MINUTE },
};

/** Every other signed-in write. */
export const DEFAULT_WRITE_LIMIT: Limit = { max: 120, timeWindow: MINUTE };

/** Upload links per user and hour, on top of the per-minute limit: bounds what one account can park on disk. */
export const UPLOAD_QUOTA: Limit = { max: 20, timeWindow: HOUR };
const UPLOAD_ROUTE = "POST /api/profile/photo/upload";

const MIB = 1024 * 1024;

/**
 * What hostile images, card draws and uploads may cost (issue 25: F1, F5, F7). Photos are checked
 * when set and re-encoded; cards are drawn in a worker pool; counts and byte windows are kept
 * in each process (a process's pool and disk traffic are its own).
 */
export const IMAGE_LIMITS = {
  /** A photo larger than this (either side, or width x height) is refused when set. */
  photoMaxSide: 8192,
  photoMaxPixels: 36_000_000,
  /** Frames of an animated GIF or WebP (only the first is kept). */
  photoMaxFrames: 100,
  /** The re-encoded photo's longest side (the objectPath); avatars are 96 and 192 px squares. */
  photoStoredSide: 1024,
  /** How long browsers and link previewers keep a photo or a card (they outlive no deletion by more). */
  imageCacheSeconds: 24 * 60 * 60,
  /** Card draws: threads, draws waiting beyond the running ones, and each draw's time and heap. */
  cardThreads: 1,
  cardQueueMax: 8,
  cardDrawBudgetMs: 5_000,
  cardWorkerHeapMb: 96,
  /** Retry-After when the pool is full. */
  cardBusyRetrySeconds: 5,
  /** Drawn cards kept in memory: count, bytes, and how long. */
  cardCacheMaxEntries: 200,
  cardCacheMaxBytes: 32 * MIB,
  cardCacheTtlMs: 24 * HOUR,
  /** New card draws (cache misses) per client address, and per requester whose cards they are. */
  cardDrawsPerAddress: { max: 30, timeWindow: MINUTE } satisfies Limit,
  cardDrawsPerRequester: { max: 30, timeWindow: MINUTE } satisfies Limit,
  /** Upload bytes asked for (upload links) per account, per client address and in all. */
  uploadBytesPerAccount: { max: 50 * MIB, timeWindow: HOUR } satisfies Limit,
  uploadBytesPerAddress: { max: 100 * MIB, timeWindow: HOUR } satisfies Limit,
  uploadBytesTotal: { max: 1024 * MIB, timeWindow: HOUR } satisfies Limit,
  /** An upload not set as a photo within this long is deleted; the sweeper looks this often. */
  unsetUploadMaxAgeMs: 10 * MINUTE,
  sweepEveryMs: 2 * MINUTE,
};
export type ImageLimits = typeof IMAGE_LIMITS;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const inWords = (seconds: number) =>
  seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? "" : "s"}`;

/**
 * Limits signed-in writes (and the upload link and CSV export) per user, with counters every
 * app process shares: the database, or Redis when REDIS_URL is set. Answers 429 `{message}`
 * with `RateLimit-*` and `Retry-After`. Call before any feature registers its routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    config: Pick<Config, "rateLimits" | "redisUrl">;
    db: Db;
    /** Whether a route requires a signed-in user (its preHandler is the session guard). */
    isSignedIn: (route: RouteOptions) => boolean;
    /** Redis key prefix (tests isolate themselves with it). */
    redisPrefix?: string;
  },
): Promise<void> {
  if (!options.config.rateLimits) return;
  let backend: Parameters<typeof sharedStore>[0] = { kind: "database", db: options.db };
  if (options.config.redisUrl) {
    // A CommonJS package: its `default` is its exports (the Redis class), in Node and in the build.
    const { default: Redis } = await import("ioredis");
    const redis = new Redis(options.config.redisUrl, { maxRetriesPerRequest: 1 });
    redis.on("error", (error) => app.log.warn({ err: error }, "redis unavailable"));
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
    backend = { kind: "redis", redis, prefix: options.redisPrefix ?? "collect:limit:" };
  }
  const limitFor = (route: RouteOptions): Limit | undefined => {
    const methods = [route.method].flat();
    for (const method of methods) {
      const limit = WRITE_LIMITS[`${method} ${route.url}`];
      if (limit) return limit;
    }
    return methods.some((m) => WRITES.has(m)) && options.isSignedIn(route) ? DEFAULT_WRITE_LIMIT : undefined;
  };
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook("onRoute", (route) => {
    const limit = limitFor(route);
    if (limit) route.config = { ...(route.config as object), rateLimit: limit };
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // After the route's session guard, so the key is the user.
    hook: "preHandler",
    enableDraftSpec: true,
    skipOnError: true,
    store: sharedStore(backend, app.log),
    keyGenerator: (request) => request.user?.id ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please try again in ${inWords(Math.ceil(context.ttl / 1000))}.`),
  });

  const quota = app.createRateLimit({
    ...UPLOAD_QUOTA,
    skipOnError: true,
    keyGenerator: (request) => `upload-quota:${request.user?.id ?? request.ip}`,
  });
  const checkQuota = async (request: FastifyRequest) => {
    const result = await quota(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new TooManyRequests(
      `You have asked for ${UPLOAD_QUOTA.max} photo uploads this hour. Please try again in ${inWords(result.ttlInSeconds)}.`,
      result.ttl,
    );
  };
  // After the plugin's hook: the per-minute limit answers first.
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().some((m) => `${m} ${route.url}` === UPLOAD_ROUTE)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), checkQuota];
  });
}
