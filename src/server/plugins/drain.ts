import type { FastifyInstance } from "fastify";

export type Drain = {
  /** From now on /readyz answers 503 and every answer closes its connection. */
  start(): void;
  readonly draining: boolean;
};

declare module "fastify" {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Rolling restarts drop nothing (issue 26 item 3). After SIGTERM the server keeps serving for
 * SHUTDOWN_DRAIN_MS: the load balancer's health check sees /readyz 503 and stops sending, and
 * each answer in the meantime says `Connection: close`, so no proxy writes a request onto a
 * keep-alive socket the server is about to close (that was the lost POST: a 502 the client
 * cannot tell from a failed write). main.ts then closes the server.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  const drain: Drain = {
    start: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
  app.decorate("drain", drain);
  // A callback hook, not an async one: it runs on every request, and a promise per request shows.
  app.addHook("onRequest", (_request, reply, done) => {
    if (draining) reply.header("connection", "close");
    done();
  });
  return drain;
}
