import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `task` every `everyMs` until the returned function is called (on app close), which
 * waits for a run in progress. The timer never holds the process open; a failed run is logged
 * and the next one comes as usual. Tasks must be safe in several processes at once.
 */
export function runPeriodically(
  what: string,
  everyMs: number,
  task: () => Promise<number>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = task().then(
      (count) => {
        if (count) log.info({ count }, what);
      },
      (error) => log.warn({ err: error }, `${what}: failed`),
    );
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
