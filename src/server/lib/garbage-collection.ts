import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import type { Activity } from "./activity";

/** How long without a request before the process counts as quiet, and how often it looks. */
export const QUIET_AFTER_MS = 15_000;
const LOOK_EVERY_MS = 5_000;
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
 * Once no request but probes (activity.ts) has arrived for QUIET_AFTER_MS (looked at every LOOK_EVERY_MS, so
 * 15–20 s after the last one), collects garbage once in V8's memory-reducing form
 * (docs/decisions/018-memory.md): a busy spell leaves a young generation grown to its 32 MB and
 * freed buffers that only a full collection returns, and V8's own memory reducer, when it comes,
 * does not shrink the young generation. One collection per quiet spell, never under load (20–60
 * ms for this server's heap; a long request still open, an upload or an event stream, waits that
 * long). Returns the stop function.
 */
export function collectWhenQuiet(
  activity: Activity,
  collect: Collect | null = memoryReducingCollection(),
): () => void {
  if (!collect) return () => {};
  // The request the last collection followed: one collection per quiet spell.
  let collectedAfter = 0;
  const timer = setInterval(() => {
    const last = activity.lastRequestAt();
    if (last === collectedAfter || Date.now() - last < QUIET_AFTER_MS) return;
    collectedAfter = last;
    try {
      collect();
    } catch {
      // A Node whose gc() no longer takes these options: the server goes on without it.
      clearInterval(timer);
    }
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
