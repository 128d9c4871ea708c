import type { FastifyInstance } from "fastify";
import type { ChannelListener, Database } from "./client";
import { PUBLIC_VIEW_CHANNEL } from "./notify";

/**
 * What a process keeps of a user's data hears, on one channel, that the user changed: the
 * database NOTIFYs the user's id at commit (migrations 0001 and 0012: a request's status, their
 * names, photo, zone and reminder days, their payment accounts), every process at once. With
 * `ownWrites`, a signed-in user's every state-changing call also tells this process before its
 * answer leaves, so it never serves them something older than what they just did, even before
 * the notification arrives (a cache whose data changes through one route drops it there instead).
 */
export async function listenForUserChanges(
  app: FastifyInstance,
  database: Pick<Database, "listen">,
  listener: ChannelListener,
  { ownWrites }: { ownWrites: boolean },
): Promise<void> {
  app.addHook("onClose", await database.listen(PUBLIC_VIEW_CHANNEL, listener));
  if (!ownWrites) return;
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.user && request.method !== "GET" && request.method !== "HEAD")
      listener.message(request.user.id);
    done(null, payload);
  });
}

/**
 * One value per user, read once and kept until the user changes (listenForUserChanges) or for
 * `ttlMs` at most; without a listening connection it stands aside and every call reads. A read
 * that started before a change is not kept.
 */
export function createUserCache<T>(
  read: (userId: string) => Promise<T>,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; expires: number }>();
  let listening = false;
  let generation = 0;
  const reset = (on: boolean) => {
    listening = on;
    generation++;
    entries.clear();
  };
  const forget = (userId: string) => {
    generation++;
    entries.delete(userId);
  };
  return {
    async get(userId: string): Promise<T> {
      const entry = listening ? entries.get(userId) : undefined;
      if (entry && entry.expires > now()) return entry.value;
      const readAt = generation;
      const value = await read(userId);
      if (listening && readAt === generation) {
        entries.delete(userId);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(userId, { value, expires: now() + ttlMs });
      }
      return value;
    },
    /** Drops what is kept of the user in this process (a route that has just changed it). */
    forget,
    listener: {
      message: forget,
      ready: () => reset(true),
      lost: () => reset(false),
    } satisfies ChannelListener,
  };
}

export type UserCache<T> = ReturnType<typeof createUserCache<T>>;
