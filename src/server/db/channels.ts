import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** The channel of the requester's live updates (routes/events); migration 0004 made it. */
export const EVENTS_CHANNEL = "collect_events";
/** The channel that tells every process to drop a cached pay view (db/view-cache.ts; migration 0001 made it). */
export const PUBLIC_VIEW_CHANNEL = "collect_public_view";
/**
 * Notifications sent by one statement at most, so a burst of thousands does not become one
 * huge statement. (The 8,000-byte limit applies to each payload, one event of ~100 bytes, not
 * to the batch.)
 */
const MAX_BATCH = 500;

/**
 * NOTIFYs the app sends itself, after the change they announce has committed. PostgreSQL
 * serialises every committing transaction that notifies (one lock for the whole cluster, held
 * through the commit's flush to disk), so a trigger on INSERT made every new request wait for
 * every other one. Here the notifications of one moment go out together in one statement, on
 * the side, while the request's answer is already on its way; the next batch waits for the
 * last (docs/decisions/019-notify-after-commit.md).
 */
export function createNotifier(db: Db, onError: (error: unknown) => void) {
  const pending: { channel: string; payload: string }[] = [];
  let sending: Promise<void> | null = null;

  async function send(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.splice(0, MAX_BATCH);
      await db
        .execute(
          sql`SELECT pg_notify(n->>'channel', n->>'payload') FROM json_array_elements(${JSON.stringify(batch)}::json) AS n`,
        )
        .catch(onError);
    }
  }
  const start = () => {
    sending ??= new Promise<void>(setImmediate).then(send).finally(() => {
      sending = null;
      if (pending.length > 0) start();
    });
  };

  return {
    notify(channel: string, payload: string) {
      pending.push({ channel, payload });
      start();
    },
    /** Resolves once everything notified so far has been sent (or failed). */
    async flush(): Promise<void> {
      while (sending) await sending;
    },
    /** A new request, for its owner's open tabs (the other kinds come from the trigger). */
    requestCreated(userId: string, requestId: string) {
      this.notify(EVENTS_CHANNEL, JSON.stringify({ userId, kind: "created", requestId }));
    },
    /** The payer stopped a request's reminders or its requester's mail: the owner's card says so at once. */
    requestStopped(userId: string, requestId: string) {
      this.notify(EVENTS_CHANNEL, JSON.stringify({ userId, kind: "stopped", requestId }));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
