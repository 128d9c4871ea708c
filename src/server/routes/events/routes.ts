import { PassThrough } from "node:stream";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { HttpError, TooManyRequests } from "#server/lib/http-error.ts";
import { CAPS } from "#server/limits.ts";
import type { RequestEvent } from "#shared/schemas/event.ts";
import { createEventHub } from "./hub";

const STREAMS = CAPS.eventStreams;
/** One stream per tab: a person has a few; a script opening hundreds is refused. */
export const MAX_STREAMS_PER_USER = STREAMS.perUser;
/**
 * The Retry-After of a refused stream. No window to wait out: closing a tab frees its slot at
 * once, so a short pause is enough.
 */
export const STREAM_RETRY_MS = 25_000;
/** Sessions re-checked at once on each heartbeat: a few, so the checks never crowd the pool. */
const CHECKS_AT_ONCE = 4;

/**
 * The heartbeat (proxies drop a quiet connection; it is also the session re-check), a stream's
 * lifetime and the streams a process holds in all: tests lower them.
 */
export type EventStreamSettings = Required<AppContext["liveStreams"]["settings"]>;

type OpenStream = { stream: PassThrough; request: FastifyRequest; stop(): void };

/**
 * GET /api/events: Server-Sent Events of the signed-in user's requests (created, viewed, claimed,
 * paid, cancelled), fed by PostgreSQL NOTIFY so a change made through any app process reaches
 * every tab (docs/decisions/016-close-the-loop.md). Events carry an `id:` counted per stream (a
 * shared counter would tell each user how busy the others are); the client refetches its lists
 * whenever the stream (re)opens, which covers anything missed while it was down, so
 * Last-Event-ID needs no replay here. A `resync` event says the same after this process's own
 * LISTEN connection was lost. Streams are bounded per user, per address and in all, end after
 * their lifetime (EventSource opens the next), end within a heartbeat when their session is
 * signed out or revoked, and end when the app closes.
 */
export const eventRoutes =
  ({ signedIn, sessionAlive, listen, liveStreams }: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { heartbeatMs, maxLifetimeMs, total } = { ...STREAMS, ...liveStreams.settings };
    const hub = createEventHub();
    const stopListening = await hub.attach({ listen });
    const open = new Set<OpenStream>();
    liveStreams.open = () => open.size;
    const byAddress = new Map<string, number>();

    let checking = false;
    const heartbeat = setInterval(async () => {
      for (const { stream } of open) stream.write(": heartbeat\n\n");
      // One check per session however many tabs share it; a round still running skips a beat.
      if (checking) return;
      checking = true;
      const bySession = new Map<string, OpenStream[]>();
      for (const entry of open) {
        const key = entry.request.headers.cookie ?? "";
        bySession.set(key, [...(bySession.get(key) ?? []), entry]);
      }
      const waiting = [...bySession.values()];
      const worker = async () => {
        for (let streams = waiting.pop(); streams; streams = waiting.pop()) {
          const [first] = streams;
          if (first && !(await sessionAlive(first.request))) for (const entry of streams) entry.stop();
        }
      };
      await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
      checking = false;
    }, heartbeatMs);
    app.addHook("preClose", async () => {
      clearInterval(heartbeat);
      for (const { stop } of open) stop();
    });
    app.addHook("onClose", stopListening);

    await app.register(
      signedIn(async (scope) => {
        scope.get("/api/events", async (request, reply) => {
          const userId = signedInUser(request).id;
          // EventSource always asks for this; anything else would wait on a response that never ends.
          if (!request.headers.accept?.includes("text/event-stream")) {
            throw new HttpError(406, "This is an event stream: open it with EventSource.");
          }
          const address = request.ip;
          if (hub.count(userId) >= STREAMS.perUser) {
            throw new TooManyRequests(
              "Too many open tabs. Please close some and try again.",
              STREAM_RETRY_MS,
            );
          }
          if ((byAddress.get(address) ?? 0) >= STREAMS.perAddress || open.size >= total) {
            throw new TooManyRequests("Too many live updates open. Please try again later.", STREAM_RETRY_MS);
          }
          const stream = new PassThrough();
          let nextId = 0;
          const send = (event: string, data: unknown) =>
            stream.write(`id: ${++nextId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          const unsubscribe = hub.subscribe(userId, {
            event: (event: RequestEvent) => send("request", event),
            resync: () => send("resync", {}),
          });
          // Spread, so streams opened together do not all reopen together.
          const lifetime = setTimeout(() => entry.stop(), maxLifetimeMs * (0.9 + Math.random() * 0.2));
          const entry: OpenStream = {
            stream,
            request,
            stop: () => {
              if (!open.delete(entry)) return;
              clearTimeout(lifetime);
              unsubscribe();
              const left = (byAddress.get(address) ?? 1) - 1;
              if (left > 0) byAddress.set(address, left);
              else byAddress.delete(address);
              stream.end();
            },
          };
          open.add(entry);
          byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
          reply.raw.once("close", entry.stop);
          stream.once("close", entry.stop);
          stream.write("retry: 3000\n: connected\n\n");
          return reply
            .header("content-type", "text/event-stream; charset=utf-8")
            .header("cache-control", "no-store")
            .header("x-accel-buffering", "no")
            .send(stream);
        });
      }),
    );
  };
