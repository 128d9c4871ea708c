import type { Piscina } from "piscina";
import { ServiceBusy } from "#server/lib/http-error.ts";
import { IMAGE_LIMITS, type ImageLimits } from "#server/limits.ts";
import type { CardContent } from "./card-content";

const BUSY = "Link previews are busy. Please try again shortly.";

// Built, this module is a chunk beside dist/server/card-worker.js; from the sources, the worker
// needs tsx registered first (card-worker-source.mjs).
const fromSources = /\.tsx?$/.test(new URL(import.meta.url).pathname);
const WORKER = new URL(fromSources ? "./card-worker-source.mjs" : "./card-worker.js", import.meta.url);

let draws = 0;
/** How many cards this process has sent to be drawn (tests check that a cached card is not drawn again). */
export const cardDraws = () => draws;

/**
 * Draws cards on worker threads, so a draw never holds up the event loop: IMAGE_LIMITS.cardThreads
 * of them, at most cardQueueMax draws waiting, each given cardDrawBudgetMs from its arrival (a
 * draw past it is abandoned, its thread ended) and a heap of cardWorkerHeapMb. A full queue or a
 * draw out of time answers 503 with Retry-After. Threads start with the first card and end when idle.
 */
export function createCardPool(
  limits: Pick<
    ImageLimits,
    | "cardThreads"
    | "cardQueueMax"
    | "cardDrawBudgetMs"
    | "cardThreadStartMs"
    | "cardWorkerHeapMb"
    | "cardThreadIdleMs"
    | "cardBusyRetrySeconds"
  > = IMAGE_LIMITS,
) {
  let pool: Promise<Piscina> | null = null;
  const busy = () => new ServiceBusy(BUSY, limits.cardBusyRetrySeconds);
  // piscina is loaded with the first card, not at start-up (docs/decisions/017-fast-start-up.md).
  const start = async () =>
    new (await import("piscina")).Piscina({
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: limits.cardThreads,
      maxQueue: limits.cardQueueMax,
      idleTimeout: limits.cardThreadIdleMs,
      resourceLimits: { maxOldGenerationSizeMb: limits.cardWorkerHeapMb, maxYoungGenerationSizeMb: 16 },
    });
  // A pool with no live thread (the first card, or after idleTimeout) starts one before the
  // draw's budget starts, once for every draw waiting meanwhile. Those waiting draws count as
  // the queue does: one to run, cardQueueMax behind it.
  let starting: Promise<unknown> | null = null;
  let startWaiters = 0;
  return {
    async draw(content: CardContent, photo: Buffer | null): Promise<Buffer> {
      pool ??= start();
      const threads = await pool;
      const cold = starting !== null || threads.threads.length === 0;
      if (cold ? startWaiters > limits.cardQueueMax : threads.queueSize >= limits.cardQueueMax) throw busy();
      if (cold) {
        startWaiters++;
        try {
          starting ??= threads
            .run(null, { signal: AbortSignal.timeout(limits.cardThreadStartMs) })
            .finally(() => {
              starting = null;
            });
          await starting;
        } catch (error) {
          throw Object.assign(busy(), { cause: error });
        } finally {
          startWaiters--;
        }
      }
      draws++;
      try {
        const png: Uint8Array = await threads.run(
          { content, photo },
          { signal: AbortSignal.timeout(limits.cardDrawBudgetMs) },
        );
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      } catch (error) {
        // Out of time, out of memory (the thread is replaced) or the queue filled meanwhile.
        throw Object.assign(busy(), { cause: error });
      }
    },
    async close() {
      const closing = pool;
      pool = null;
      await (await closing)?.destroy();
    },
  };
}
