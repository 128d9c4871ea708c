import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "#server/context.ts";
import { siteFileRoutes } from "./site-files";

/**
 * What a browser, a crawler or a load balancer asks of any site: /robots.txt, /favicon.ico,
 * /healthz (the process answers) and /readyz (it can serve: the database answers).
 */
export const siteRoutes =
  ({ health: { ping, limitStoreHealthy, mailReachable, draining } }: AppContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(siteFileRoutes);
    app.get("/healthz", async () => ({ status: "ok" }));
    app.get("/readyz", async (_request, reply) => {
      if (draining()) return reply.status(503).send({ message: "Shutting down" });
      try {
        await ping();
        // Serving, but a dependency is failing that no answer waits for: the limit store (limits
        // then let calls through) or mail (it waits in the queue until SMTP is back). Still 200:
        // taking the process out of the load balancer would not bring either back.
        const degraded = [
          ...(limitStoreHealthy() ? [] : ["limit store"]),
          ...(mailReachable() ? [] : ["mail"]),
        ];
        return degraded.length === 0 ? { status: "ready" } : { status: "degraded", degraded };
      } catch {
        return reply.status(503).send({ message: "Database unavailable" });
      }
    });
  };
