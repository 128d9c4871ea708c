import { z } from "zod";
import { EVENTS_CHANNEL } from "#server/db/channels.ts";
import type { ChannelListener, Database } from "#server/db/client.ts";
import { type RequestEvent, RequestEventSchema } from "#shared/schemas/event.ts";

/** One open event stream: told each of its user's events, or to start over after a gap. */
export type Subscriber = { event(event: RequestEvent): void; resync(): void };

const NotificationSchema = RequestEventSchema.extend({ userId: z.string() });

/**
 * The open event streams of this process, by user. One LISTEN connection serves them all;
 * each notification goes to its user's streams and nobody else's. When the listening
 * connection was lost, events may have been missed: every stream is told to resync.
 */
export function createEventHub() {
  const byUser = new Map<string, Set<Subscriber>>();
  let lost = false;

  const listener: ChannelListener = {
    message(payload) {
      const parsed = NotificationSchema.safeParse(safeJson(payload));
      if (!parsed.success) return;
      const { userId, ...event } = parsed.data;
      for (const subscriber of byUser.get(userId) ?? []) subscriber.event(event);
    },
    ready() {
      if (!lost) return;
      lost = false;
      for (const set of byUser.values()) for (const subscriber of set) subscriber.resync();
    },
    lost() {
      lost = true;
    },
  };

  return {
    listener,
    /** Adds a stream; returns the function that removes it. */
    subscribe(userId: string, subscriber: Subscriber): () => void {
      const set = byUser.get(userId) ?? new Set<Subscriber>();
      set.add(subscriber);
      byUser.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    count: (userId: string) => byUser.get(userId)?.size ?? 0,
    attach: (database: Pick<Database, "listen">) => database.listen(EVENTS_CHANNEL, listener),
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
