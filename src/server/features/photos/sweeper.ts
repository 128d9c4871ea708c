import type { FastifyBaseLogger } from "fastify";
import type { ObjectStorage } from "../../storage/object-storage";

/** An upload not set as a photo within this long is deleted (its URL lived 15 minutes). */
export const UNSET_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes every upload still waiting under incoming/ that is older than an hour; returns how
 * many. Safe in several processes at once: deleting a deleted key is a no-op.
 */
export async function sweepUnsetUploads(storage: ObjectStorage, now = Date.now()): Promise<number> {
  let deleted = 0;
  for await (const { key, modifiedAt } of storage.listIncoming()) {
    if (now - modifiedAt < UNSET_UPLOAD_MAX_AGE_MS) continue;
    await storage.delete(key);
    deleted++;
  }
  return deleted;
}

/** Sweeps every ten minutes until the returned function is called (on app close). */
export function startUploadSweeper(storage: ObjectStorage, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepUnsetUploads(storage).then(
      (deleted) => {
        if (deleted) log.info({ deleted }, "unset uploads swept");
      },
      (error) => log.warn({ err: error }, "upload sweep failed"),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
