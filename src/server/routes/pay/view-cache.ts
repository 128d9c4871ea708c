import type { FastifyInstance } from "fastify";
import type { ChannelListener, Database } from "#server/db/client.ts";
import { listenForUserChanges } from "#server/db/user-change.ts";
import type { CancelledPaymentView, PublicPaymentView } from "#shared/schemas/payment-request.ts";
import type { encodedPage } from "./encoded-page";

/**
 * A view and its JSON answer, serialised (and checked against the schema) once. A cancelled
 * request is kept too (its page says so), with no JSON: the API answers it as not found.
 */
export type CachedView = {
  view: PublicPaymentView | CancelledPaymentView;
  json: string | null;
  /** Whose request it is (their cards' draws are limited per requester). */
  requesterId: string;
  /** The server-rendered /pay page, rendered (and compressed) on its first hit, kept with the view. */
  page?: ReturnType<typeof encodedPage>;
  /** Read for one answer only (the cache stood aside): nothing is worth compressing for it. */
  once?: true;
};

type Entry = { view: CachedView; userId: string; expires: number };

/**
 * Public payment views by short code, kept in this process and dropped for a user whenever
 * the database says their views changed (status, names, photo, payment accounts), in every
 * process at once. Without a listening connection the cache stands aside and every lookup
 * reads the database. `ttlMs` bounds any staleness the notifications could not prevent.
 */
export function createViewCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  // An entry with its rendered page in every encoding is ~20 KB (12 KB of HTML, 3-4 KB each
  // compressed, the JSON): 2,000 of them bound the cache at ~40 MB, and at 30 s each that is
  // 66 different payment pages opened a second in one process before the oldest leave early.
  const maxEntries = options.maxEntries ?? 2_000;
  const entries = new Map<string, Entry>();
  const codesOf = new Map<string, Set<string>>();
  let listening = false;
  // Bumped by every invalidation: a read that started before one must not be stored after it.
  let generation = 0;

  const reset = (on: boolean) => {
    listening = on;
    generation++;
    entries.clear();
    codesOf.clear();
  };
  const remove = (code: string) => {
    const entry = entries.get(code);
    if (!entry) return;
    entries.delete(code);
    codesOf.get(entry.userId)?.delete(code);
  };

  // Reads under way, by code, with the generation they began in.
  const reading = new Map<string, { readAt: number; view: Promise<CachedView | null> }>();

  return {
    get(code: string): CachedView | undefined {
      const entry = listening ? entries.get(code) : undefined;
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.view;
      remove(code);
      return undefined;
    },
    /** Call before reading the database; pass the result to `set`. */
    generation: () => generation,
    /** Keeps the view unless the cache stands aside or it changed since `readAt`; says which. */
    set(code: string, userId: string, view: CachedView, readAt: number): boolean {
      if (!listening || readAt !== generation) return false;
      if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
      entries.set(code, { view, userId, expires: now() + ttlMs });
      const codes = codesOf.get(userId) ?? new Set<string>();
      codes.add(code);
      codesOf.set(userId, codes);
      return true;
    },
    /**
     * The view for `code`: kept, or read by `read` (null: no such code) and kept — one read for
     * all the calls that ask while it runs, as long as nothing changed since it began. When a
     * busy page's entry runs out, every payer asking at that moment read, rendered and compressed
     * it again for themselves.
     */
    find(
      code: string,
      read: () => Promise<{ userId: string; view: CachedView } | null>,
    ): Promise<CachedView | null> {
      // Through `this`: /metrics wraps `get` to count hits and misses (plugins/metrics.ts).
      const kept = this.get(code);
      if (kept) return Promise.resolve(kept);
      const readAt = generation;
      const running = reading.get(code);
      if (running?.readAt === readAt) return running.view;
      const view = read()
        .then((found) => {
          if (!found) return null;
          if (!this.set(code, found.userId, found.view, readAt)) found.view.once = true;
          return found.view;
        })
        .finally(() => {
          if (reading.get(code)?.view === view) reading.delete(code);
        });
      reading.set(code, { readAt, view });
      return view;
    },
    listener: {
      message(userId: string) {
        generation++;
        for (const code of codesOf.get(userId) ?? []) entries.delete(code);
        codesOf.delete(userId);
      },
      ready: () => reset(true),
      lost: () => reset(false),
    } satisfies ChannelListener,
  };
}

export type ViewCache = ReturnType<typeof createViewCache>;

/** The app's view cache, dropping a user's views whenever they change (db/user-change.ts). */
export async function registerViewCache(app: FastifyInstance, database: Database): Promise<ViewCache> {
  const cache = createViewCache();
  await listenForUserChanges(app, database, cache.listener, { ownWrites: true });
  return cache;
}
