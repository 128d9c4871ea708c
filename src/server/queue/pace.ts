import type { Activity } from "#server/lib/activity.ts";

/** A request from a person within this long ago: the process is serving people. */
export const BUSY_WITHIN_MS = 1_000;
/** How often a job waiting its turn looks again whether the process is still busy. */
const LOOK_AGAIN_MS = 250;

export type Turn = (signals?: {
  /** The job is no longer this worker's (pg-boss failed it: a stop that timed out, a lost claim): never start it. */
  abandoned?: AbortSignal;
  /** The queue is stopping: start at once, so the stop's wait for running jobs is spent sending. */
  release?: AbortSignal;
}) => Promise<void>;

/**
 * The senders' turn (docs/decisions/029-senders-yield.md), one per process for all its sender
 * queues. While people are being served (a request other than a probe within BUSY_WITHIN_MS),
 * jobs start at most `perSecond` a second, evenly spaced, so a backlog (10,000 reminders due at
 * the same 9:00) does not take the thread from the pay pages being opened meanwhile. When nobody
 * is, a job starts at once, and so do the ones already waiting. Resolves when the caller's job
 * may start; rejects once it is abandoned.
 */
export function senderPace(activity: Activity, perSecond: number): Turn {
  const gapMs = 1_000 / perSecond;
  // When the next job may start while busy.
  let next = 0;
  return async ({ abandoned, release } = {}) => {
    for (;;) {
      abandoned?.throwIfAborted();
      if (release?.aborted) return;
      // Requests that arrived while this timer waited are counted first (I/O comes before
      // setImmediate in the loop): a stalled loop is not a quiet one.
      await new Promise((resolve) => setImmediate(resolve));
      const now = Date.now();
      if (now - activity.lastRequestAt() > BUSY_WITHIN_MS) return;
      if (now >= next) {
        // A wake a little late keeps the schedule, so the rate holds under a busy loop.
        next = (now - next < gapMs ? next : now) + gapMs;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(next - now, LOOK_AGAIN_MS)));
    }
  };
}
