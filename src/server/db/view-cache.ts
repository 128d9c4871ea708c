import type { FastifyInstance } from "fastify";
import type { Database } from "#server/db/client.ts";
import { createUserChangeCache, listenForUserChanges } from "#server/db/user-change.ts";
import type { encodedPage } from "#server/lib/encoded-page.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { CancelledPaymentView, PublicPaymentView } from "#shared/schemas/payment-request.ts";

/**
 * A view and its JSON answer, serialised (and checked against the schema) once. A cancelled
 * request is kept too (its page says so), with no JSON: the API answers it as not found.
 */
export type CachedView = {
  view: PublicPaymentView | CancelledPaymentView;
  json: string | null;
  /** Whose request it is (their cards' draws are limited per requester). */
  requesterId: string;
  /** The payer's language (their contact's, else the requester's): the link preview's tags speak it. */
  language: Locale;
  /**
   * The server-rendered /pay page in each language it was asked in, rendered (and compressed) on
   * its first hit in that language, kept with the view.
   */
  pages?: Partial<Record<Locale, ReturnType<typeof encodedPage>>>;
  /** Read for one answer only (the cache stood aside): nothing is worth compressing for it. */
  once?: true;
};

/**
 * Public payment views by short code, each owned by its requester and dropped whenever the
 * database says their views changed (status, names, photo, payment accounts), in every process
 * at once (db/user-change.ts, the one invalidating cache).
 */
export function createViewCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  return createUserChangeCache<CachedView>({
    ttlMs: 30_000,
    // An entry with its rendered page in every encoding is ~20 KB (12 KB of HTML, 3-4 KB each
    // compressed, the JSON), ~36 KB with a second language (routes/pay keeps two at most):
    // 2,000 of them bound the cache at ~72 MB, and at 30 s each that is
    // 66 different payment pages opened a second in one process before the oldest leave early.
    maxEntries: 2_000,
    ...options,
    notKept: (view) => {
      view.once = true;
    },
  });
}

export type ViewCache = ReturnType<typeof createViewCache>;

/** The app's view cache, dropping a user's views whenever they change (db/user-change.ts). */
export async function registerViewCache(app: FastifyInstance, database: Database): Promise<ViewCache> {
  const cache = createViewCache();
  await listenForUserChanges(app, database, cache.listener, { ownWrites: true });
  return cache;
}
