import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { inSignedInScope } from "#server/auth/auth.ts";
import { HttpError } from "#server/lib/http-error.ts";
import type { CounterStore, Limiter } from "#server/limiter/limiter.ts";
import { sharedStore } from "#server/limiter/rate-limit-store.ts";
import { LIMITS, type WindowLimit, waitInWords } from "#server/limits.ts";

export type Limit = { max: number; timeWindow: number };

const asPlugin = (limit: WindowLimit): Limit => ({ max: limit.max, timeWindow: limit.windowMs });

/** The per-user limits of limits.ts that guard one route each, by "METHOD /route/pattern". */
export const WRITE_LIMITS: Record<string, Limit> = Object.fromEntries(
  Object.values(LIMITS as Record<string, WindowLimit>).flatMap((limit) =>
    limit.route && limit.key === "user" ? [[limit.route, asPlugin(limit)]] : [],
  ),
);
const UPLOAD_ROUTE = LIMITS.uploadLink.route;

/** The methods that write: each signed-in one is limited per user (LIMITS.otherWrite) unless it has its own limit. */
export const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Limits signed-in writes (and the upload link and CSV export) per user with @fastify/rate-limit,
 * for its `RateLimit-*` headers, over the shared counters (limiter/limiter.ts); answers 429
 * `{message}` with `Retry-After`. Call before any feature registers its routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    store: CounterStore;
    limiter: Limiter;
  },
): Promise<void> {
  if (!options.limiter.enabled) return;
  const limitFor = (route: RouteOptions, signedIn: boolean): Limit | undefined => {
    const methods = [route.method].flat();
    for (const method of methods) {
      const limit = WRITE_LIMITS[`${method} ${route.url}`];
      if (limit) return limit;
    }
    return methods.some((m) => WRITES.has(m)) && signedIn ? asPlugin(LIMITS.otherWrite) : undefined;
  };
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  // `this` is the scope that declares the route: a signed-in one is marked (auth/auth.ts).
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    const limit = limitFor(route, inSignedInScope(this));
    if (limit) route.config = { ...(route.config as object), rateLimit: limit };
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // After the route's session guard, so the key is the user.
    hook: "preHandler",
    enableDraftSpec: true,
    skipOnError: true,
    store: sharedStore(options.store),
    keyGenerator: (request) => request.user?.id ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, LIMITS.otherWrite.message.replace("{wait}", waitInWords(context.ttl))),
  });

  const checkQuota = (request: FastifyRequest) =>
    options.limiter.check("uploadQuota", request.user?.id ?? request.ip);
  // After the plugin's hook: the per-minute limit answers first.
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().some((m) => `${m} ${route.url}` === UPLOAD_ROUTE)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), checkQuota];
  });
}
