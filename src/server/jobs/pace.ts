import type { Activity } from "#server/lib/activity.ts";

/** A request from a person within this long ago: the process is serving people. */
export const BUSY_WITHIN_MS = 1_000;

/**
 * The senders' turn (docs/decisions/029-senders-yield.md). While people are being served (a
 * request other than a probe within BUSY_WITHIN_MS), jobs start at most `perSecond` a second,
 * evenly spaced, so a backlog (10,000 reminders due at the same 9:00) does not take the thread
 * from the pay pages being opened meanwhile. When nobody is, a job starts at once. Returns the
 * wait before the caller's job may start.
 */
export function senderPace(activity: Activity, perSecond: number): () => Promise<void> {
  const gapMs = 1_000 / perSecond;
  // When the next paced job may start.
  let next = 0;
  return async () => {
    const now = Date.now();
    if (now - activity.lastRequestAt() > BUSY_WITHIN_MS) return;
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
