import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { RequestEvent } from "../../../shared/schemas/event";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { signedInUser } from "../../plugins/auth";
import { HttpError, TooManyRequests } from "../../plugins/errors";
import { createEventHub } from "./hub";

/** Proxies drop a quiet connection after a minute or so; a comment line keeps it open. */
export const HEARTBEAT_MS = 25_000;
/** One stream per tab: a person has a few; a script opening hundreds is refused. */
export const MAX_STREAMS_PER_USER = 20;
/**
 * The Retry-After of a refused stream. No window to wait out: closing a tab frees its slot at
 * once, so one heartbeat is pause enough.
 */
export const STREAM_RETRY_MS = HEARTBEAT_MS;

/**
 * GET /api/events: Server-Sent Events of the signed-in user's requests (created, viewed, claimed,
 * paid, cancelled), fed by PostgreSQL NOTIFY so a change made through any app process reaches
 * every tab (docs/decisions/016-close-the-loop.md). Events carry an `id:`; the client refetches
 * its lists whenever the stream (re)opens, which covers anything missed while it was down, so
 * Last-Event-ID needs no replay here. A `resync` event says the same after this process's own
 * LISTEN connection was lost. Streams end when the app closes.
 */
export async function registerEventRoutes(
  app: FastifyInstance,
  { requireUser }: Pick<AppContext, "requireUser">,
  database: Pick<Database, "listen">,
): Promise<void> {
  const hub = createEventHub();
  const stopListening = await hub.attach(database);
  const open = new Set<PassThrough>();
  let nextId = 0;
  app.addHook("preClose", async () => {
    for (const stream of open) stream.end();
  });
  app.addHook("onClose", stopListening);

  app.get("/api/events", { preHandler: requireUser }, async (request, reply) => {
    const userId = signedInUser(request).id;
    // EventSource always asks for this; anything else would wait on a response that never ends.
    if (!request.headers.accept?.includes("text/event-stream")) {
      throw new HttpError(406, "This is an event stream: open it with EventSource.");
    }
    if (hub.count(userId) >= MAX_STREAMS_PER_USER) {
      throw new TooManyRequests("Too many open tabs. Please close some and try again.", STREAM_RETRY_MS);
    }
    const stream = new PassThrough();
    const send = (event: string, data: unknown) =>
      stream.write(`id: ${++nextId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = hub.subscribe(userId, {
      event: (event: RequestEvent) => send("request", event),
      resync: () => send("resync", {}),
    });
    const heartbeat = setInterval(() => stream.write(": heartbeat\n\n"), HEARTBEAT_MS);
    open.add(stream);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      stream.end();
    };
    reply.raw.once("close", stop);
    stream.once("close", stop);
    stream.write("retry: 3000\n: connected\n\n");
    return reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-accel-buffering", "no")
      .send(stream);
  });
}
