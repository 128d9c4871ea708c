import type { FastifyBaseLogger } from "fastify";
import { runPeriodically } from "#server/lib/periodic.ts";
import { IMAGE_LIMITS, type ImageLimits } from "#server/limits.ts";
import type { ObjectStorage } from "#server/storage/object-storage.ts";

/**
 * An upload not set as a photo within this long after it was written is deleted: the page
 * sets it right after the upload, so minutes are plenty (F7: free accounts filled the disk).
 */
export const UNSET_UPLOAD_MAX_AGE_MS = IMAGE_LIMITS.unsetUploadMaxAgeMs;

/**
 * Deletes every upload still waiting under incoming/ older than UNSET_UPLOAD_MAX_AGE_MS; returns
 * how many. Safe in several processes at once: deleting a deleted key is a no-op.
 */
export async function sweepUnsetUploads(
  storage: ObjectStorage,
  now = Date.now(),
  maxAgeMs = UNSET_UPLOAD_MAX_AGE_MS,
): Promise<number> {
  let deleted = 0;
  for await (const { key, modifiedAt } of storage.listIncoming()) {
    if (now - modifiedAt < maxAgeMs) continue;
    await storage.delete(key);
    deleted++;
  }
  return deleted;
}

/** Sweeps every `sweepEveryMs` until the returned function is called (on app close). */
export function startUploadSweeper(
  storage: ObjectStorage,
  log: FastifyBaseLogger,
  limits: Pick<ImageLimits, "sweepEveryMs" | "unsetUploadMaxAgeMs"> = IMAGE_LIMITS,
): () => Promise<void> {
  return runPeriodically(
    "unset uploads swept",
    limits.sweepEveryMs,
    () => sweepUnsetUploads(storage, Date.now(), limits.unsetUploadMaxAgeMs),
    log,
  );
}
