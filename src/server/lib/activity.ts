import type { IncomingMessage, Server } from "node:http";

/**
 * What a load balancer, the container's HEALTHCHECK or a scraper asks every few seconds: not a
 * person being served (counted, they would keep a probed server from ever being quiet).
 */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);
function isProbe({ url = "" }: IncomingMessage): boolean {
  const query = url.indexOf("?");
  return PROBES.has(query < 0 ? url : url.slice(0, query));
}

/** When the server last took a request other than a probe (0: none yet). */
export type Activity = { lastRequestAt(): number };

declare module "fastify" {
  interface FastifyInstance {
    /** The server's one watch on requests from people (app.ts; read by the senders and main.ts). */
    activity: Activity;
  }
}

/**
 * Watches `server` for requests from people, probes left out. What reads it: the collection once
 * the server is quiet (garbage-collection.ts), and the senders, which yield to people while they
 * are being served (queue/pace.ts). The cost per request is one `Date.now()` and a set lookup.
 */
export function watchRequests(server: Pick<Server, "on" | "off">): Activity & { stop(): void } {
  let last = 0;
  const seen = (request: IncomingMessage) => {
    if (!isProbe(request)) last = Date.now();
  };
  server.on("request", seen);
  return { lastRequestAt: () => last, stop: () => server.off("request", seen) };
}
