import type { CounterStore, Hit } from "#server/limiter/limiter.ts";

/** What the plugin hands `child`: the route's merged limit options (typed there as route options). */
type StoreParams = { routeInfo?: { method?: string; url?: string } };

/**
 * A store for @fastify/rate-limit over the counters every app process shares (limiter/limiter.ts:
 * PostgreSQL's limit_counter table, or Redis). Keys are `{route or limiter name}:{caller}`.
 */
export function sharedStore(store: CounterStore) {
  return class SharedStore {
    constructor(
      _params: object,
      readonly scope = "",
    ) {}
    incr(key: string, callback: (error: Error | null, hit?: Hit) => void, timeWindow: number) {
      store.hit(this.scope ? `${this.scope}:${key}` : key, timeWindow).then(
        (result) => callback(null, result),
        // The plugin lets the call through (skipOnError): a limiter outage is no outage. The
        // store counts and logs the failure.
        (error: Error) => callback(error),
      );
    }
    child(params: object) {
      const route = (params as StoreParams).routeInfo;
      return new SharedStore(params, route?.url ? `${route.method} ${route.url}` : "");
    }
  };
}
