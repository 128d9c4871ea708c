import type { FastifyInstance } from "fastify";
import { PUBLIC_VIEW_CHANNEL } from "./channels";
import type { ChannelListener, Database } from "./client";

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
 * Values read from the database, each owned by one user, kept in this process until that user
 * changes (listenForUserChanges) or for `ttlMs` at most (it bounds any staleness the
 * notifications could not prevent), and at most `maxEntries` of them, oldest out first. Without a
 * listening connection it stands aside and every lookup reads. A read that started before a
 * change is not kept, and callers asking for a key while it is being read share that one read.
 * The one invalidating cache: requesters' settings (createUserCache) and public payment views
 * (db/view-cache.ts) are both this.
 */
export function createUserChangeCache<V>(
  options: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
    /** Told of a value read for one answer only (the cache stood aside, or it changed meanwhile). */
    notKept?: (value: V) => void;
  } = {},
) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; owner: string; expires: number }>();
  const keysOf = new Map<string, Set<string>>();
  let listening = false;
  // Bumped by every invalidation: a read that started before one must not be stored after it.
  let generation = 0;
  // Reads under way, by key, with the generation they began in.
  const reading = new Map<string, { readAt: number; value: Promise<V | null> }>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keysOf.get(entry.owner)?.delete(key);
  };
  const reset = (on: boolean) => {
    listening = on;
    generation++;
    entries.clear();
    keysOf.clear();
  };
  /** Drops what is kept of the user in this process (their change, or a route that just made one). */
  const forget = (owner: string) => {
    generation++;
    for (const key of keysOf.get(owner) ?? []) entries.delete(key);
    keysOf.delete(owner);
  };

  return {
    get(key: string): V | undefined {
      const entry = listening ? entries.get(key) : undefined;
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      remove(key);
      return undefined;
    },
    /** Call before reading the database; pass the result to `set`. */
    generation: () => generation,
    /** Keeps the value unless the cache stands aside or it changed since `readAt`; says which. */
    set(key: string, owner: string, value: V, readAt: number): boolean {
      if (!listening || readAt !== generation) return false;
      remove(key);
      if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
      entries.set(key, { value, owner, expires: now() + ttlMs });
      const keys = keysOf.get(owner) ?? new Set<string>();
      keys.add(key);
      keysOf.set(owner, keys);
      return true;
    },
    /**
     * The value for `key`: kept, or read by `read` (null: nothing there) and kept — one read for
     * all the calls that ask while it runs, as long as nothing changed since it began. (When a
     * busy pay page's entry ran out, every payer asking at that moment read, rendered and
     * compressed it again for themselves.)
     */
    find(key: string, read: () => Promise<{ owner: string; value: V } | null>): Promise<V | null> {
      // Through `this`: /metrics wraps the view cache's `get` to count hits and misses (plugins/metrics.ts).
      const kept = this.get(key);
      if (kept !== undefined) return Promise.resolve(kept);
      const readAt = generation;
      const running = reading.get(key);
      if (running?.readAt === readAt) return running.value;
      const value = read()
        .then((found) => {
          if (!found) return null;
          if (!this.set(key, found.owner, found.value, readAt)) options.notKept?.(found.value);
          return found.value;
        })
        .finally(() => {
          if (reading.get(key)?.value === value) reading.delete(key);
        });
      reading.set(key, { readAt, value });
      return value;
    },
    forget,
    listener: {
      message: forget,
      ready: () => reset(true),
      lost: () => reset(false),
    } satisfies ChannelListener,
  };
}

export type UserChangeCache<V> = ReturnType<typeof createUserChangeCache<V>>;

/** One value per user (the user is the key and the owner), read by `read` when not kept. */
export function createUserCache<T>(
  read: (userId: string) => Promise<T>,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  // Boxed, so that a user whose value is null is kept like any other.
  const cache = createUserChangeCache<{ value: T }>(options);
  return {
    async get(userId: string): Promise<T> {
      const found = await cache.find(userId, async () => ({
        owner: userId,
        value: { value: await read(userId) },
      }));
      return (found as { value: T }).value;
    },
    /** Drops what is kept of the user in this process (a route that has just changed it). */
    forget: cache.forget,
    listener: cache.listener,
  };
}

export type UserCache<T> = ReturnType<typeof createUserCache<T>>;
