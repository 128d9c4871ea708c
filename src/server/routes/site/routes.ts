import type { FastifyPluginAsync } from "fastify";
import { siteFileRoutes } from "./site-files";

export type SiteDependencies = {
  /** Throws when the database does not answer. */
  ping: () => Promise<unknown>;
  /** False while the shared limit counters fail (limits then let calls through). */
  limitStoreHealthy: () => boolean;
  /** True after SIGTERM: the load balancer should send elsewhere (plugins/drain.ts). */
  draining: () => boolean;
};

/**
 * What a browser, a crawler or a load balancer asks of any site: /robots.txt, /favicon.ico,
 * /healthz (the process answers) and /readyz (it can serve: the database answers).
 */
export const siteRoutes =
  ({ ping, limitStoreHealthy, draining }: SiteDependencies): FastifyPluginAsync =>
  async (app) => {
    await app.register(siteFileRoutes);
    app.get("/healthz", async () => ({ status: "ok" }));
    app.get("/readyz", async (_request, reply) => {
      if (draining()) return reply.status(503).send({ message: "Shutting down" });
      try {
        await ping();
        // Serving, but a dependency that only limits depend on is failing: they let calls through.
        return limitStoreHealthy() ? { status: "ready" } : { status: "degraded", degraded: ["limit store"] };
      } catch {
        return reply.status(503).send({ message: "Database unavailable" });
      }
    });
  };
