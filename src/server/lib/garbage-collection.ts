import type { IncomingMessage, Server } from "node:http";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** How long without a request before the process counts as quiet, and how often it looks. */
export const QUIET_AFTER_MS = 15_000;
const LOOK_EVERY_MS = 5_000;
/**
 * What a load balancer, the container's HEALTHCHECK or a scraper asks every few seconds: not a
 * busy spell (counted, they would keep a probed server from ever being quiet, or bring a
 * collection after every probe).
 */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);
function isProbe({ url = "" }: IncomingMessage): boolean {
  const query = url.indexOf("?");
  return PROBES.has(query < 0 ? url : url.slice(0, query));
}

/**
 * V8's `gc` function, which Node gives only under `--expose-gc`: with the flag set now, a context
 * made after it has the function (the calling context's globals stay as they were). Null where
 * that is refused. The card thread collects each card's young objects with it (card-worker.ts);
 * the server, once quiet, in V8's memory-reducing form (below).
 */
export function v8Collector(): NodeJS.GCFunction | null {
  try {
    v8.setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as NodeJS.GCFunction;
  } catch {
    return null;
  }
}

type Collect = () => void;

/**
 * A full collection in its memory-reducing form (what a low-memory notification does): it also
 * shrinks the young generation back to its first size and hands freed pages back.
 */
function memoryReducingCollection(): Collect | null {
  const gc = v8Collector();
  return gc && (() => gc({ type: "major", execution: "sync", flavor: "last-resort" }));
}

/**
 * Once no request but probes has arrived for QUIET_AFTER_MS (looked at every LOOK_EVERY_MS, so
 * 15–20 s after the last one), collects garbage once in V8's memory-reducing form
 * (docs/decisions/018-memory.md): a busy spell leaves a young generation grown to its 32 MB and
 * freed buffers that only a full collection returns, and V8's own memory reducer, when it comes,
 * does not shrink the young generation. One collection per quiet spell, never under load (20–60
 * ms for this server's heap; a long request still open, an upload or an event stream, waits that
 * long). Returns the stop function.
 */
export function collectWhenQuiet(
  server: Pick<Server, "on" | "off">,
  collect: Collect | null = memoryReducingCollection(),
): () => void {
  if (!collect) return () => {};
  let lastRequest = Date.now();
  let answeredSince = false;
  const seen = (request: IncomingMessage) => {
    if (isProbe(request)) return;
    lastRequest = Date.now();
    answeredSince = true;
  };
  server.on("request", seen);
  const timer = setInterval(() => {
    if (!answeredSince || Date.now() - lastRequest < QUIET_AFTER_MS) return;
    answeredSince = false;
    try {
      collect();
    } catch {
      // A Node whose gc() no longer takes these options: the server goes on without it.
      clearInterval(timer);
    }
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", seen);
  };
}
