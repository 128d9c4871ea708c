import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { webHeaders } from "#server/auth/web-bridge.ts";
import type { AppContext } from "#server/context.ts";
import type { CachedView } from "#server/db/view-cache.ts";
import { encodedPage } from "#server/lib/encoded-page.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { sendPdf } from "#server/lib/pdf-reply.ts";
import { readerLocale, rememberLocale } from "#server/lib/reader-locale.ts";
import { tooMany } from "#server/limiter/limiter.ts";
import { createMissLimiter } from "#server/limiter/miss-limiter.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import {
  isCancelled,
  type PublicPaymentView,
  PublicPaymentViewSchema,
  ShortCodeSchema,
} from "#shared/schemas/payment-request.ts";
import { createCardCache } from "./card-cache";
import { readCardPhoto } from "./card-photo";
import { createCardPool } from "./card-pool";
import { claimRoute } from "./claim-route";
import { CodeParams, NOT_FOUND } from "./codes";
import { viewNotification } from "./notifications";
import { CARD_FILE, cardContent, cardPath, cardVersion } from "./preview";
import { findPublicView, markViewed, ownRequestAt, payerReceiptAt } from "./queries";
import { renderPayPage } from "./render";

const CardParams = CodeParams.extend({ file: z.string().max(64) });
/** The requester's own look at their pay page: whom it is for. */
const OwnViewSchema = z.object({ recipientName: z.string() });
/** `?lang=de`: the language switcher's links (a language Collect does not speak is ignored; no tag is 17 characters). */
const PageQuery = z.object({ lang: z.string().max(16).optional() });

/** How many languages of one view's page the cache keeps (db/view-cache.ts's bound assumes two). */
const PAGE_LANGUAGES_KEPT = 2;

/** The switcher's link to this page in `locale`: relative, so one not-found page serves every code. */
const languageHref = (locale: Locale) => `?lang=${locale}`;
/** Payment pages and their cards hold names, amounts and handles: never in search results. */
const NOINDEX = "noindex, nofollow";

/**
 * The public side (docs/product.md#pay-page): the JSON view and the server-rendered page.
 * Misses are limited per client IP so codes cannot be enumerated.
 */
export const payPageRoutes =
  ({
    db,
    viewCache: cache,
    auth,
    config,
    clientAssets,
    storage,
    limiter,
    imageLimits,
    notify,
    webhooks,
  }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(claimRoute({ db, limiter, notify, webhooks, config }));
    const pool = createCardPool(imageLimits);
    app.addHook("onClose", () => pool.close());
    const cards = createCardCache(async (content) => {
      const photo = await readCardPhoto(storage, content.photo).catch((error: unknown) => {
        app.log.warn({ err: error }, "card drawn without the photo");
        return null;
      });
      return pool.draw(content, photo);
    }, imageLimits);
    const misses = createMissLimiter(limiter, "payPageMiss");

    function findView(code: string): Promise<CachedView | null> {
      return cache.find(code, async () => {
        const found = await findPublicView(db, code);
        if (!found) return null;
        const view: CachedView = {
          view: found.view,
          json: isCancelled(found.view) ? null : JSON.stringify(PublicPaymentViewSchema.parse(found.view)),
          requesterId: found.userId,
          language: found.language,
        };
        return { owner: found.userId, value: view };
      });
    }

    /** The view for a code, or null; throws 429 when this IP has missed too often. */
    async function lookup(ip: string, code: string) {
      const blocked = misses.blockedFor(ip);
      if (blocked > 0) throw tooMany("payPageMiss", blocked);
      const view = ShortCodeSchema.safeParse(code).success ? await findView(code) : null;
      const missed = view ? 0 : await misses.recordMiss(ip);
      if (missed > 0) throw tooMany("payPageMiss", missed);
      return view;
    }

    app.get(
      "/api/payment-screen/:code",
      { schema: { params: CodeParams, response: { 200: PublicPaymentViewSchema } } },
      async (request, reply) => {
        const found = await lookup(request.ip, request.params.code);
        // A cancelled request is not found here, as the API has always answered (its page says more).
        if (!found?.json) throw new HttpError(404, NOT_FOUND);
        // Checked against the schema and serialised once, when cached: a string is sent as it
        // is (the type provider only knows the object form).
        return reply
          .header("cache-control", "no-store")
          .type("application/json; charset=utf-8")
          .send(found.json as unknown as PublicPaymentView);
      },
    );

    // Sent by the page's script (pay-script.ts): bots that run no JavaScript never count as views.
    // Each costs a write (and a session check with a cookie): bounded per address like the claim.
    // A view by the requester themself is not one; they are told what they are looking at: whom
    // the page is for (200 `{recipientName}`), so the page says "This is what Sam sees" and
    // offers them no "I've paid". Anyone else gets 204.
    app.post(
      "/api/payment-screen/:code/view",
      { schema: { params: CodeParams, response: { 200: OwnViewSchema, 204: z.null() } } },
      async (request, reply) => {
        const { code } = request.params;
        await limiter.check("payView", request.ip);
        if (ShortCodeSchema.safeParse(code).success) {
          const session = request.headers.cookie
            ? await auth.api.getSession({ headers: webHeaders(request) })
            : null;
          const own = session ? await ownRequestAt(db, code, session.user.id) : null;
          if (own) return { recipientName: own.recipientName };
          // The first view tells the requester (keyed, so it is told once), if the view commits.
          await db.transaction(async (tx) => {
            const viewed = await markViewed(tx, code, session?.user.id ?? null);
            if (!viewed) return;
            await notify(viewNotification(viewed), { tx });
            await webhooks.emitRequest(tx, {
              userId: viewed.userId,
              type: "request.viewed",
              key: `request.viewed:${viewed.id}`,
              requestId: viewed.id,
            });
          });
        }
        return reply.status(204).send(null);
      },
    );

    // The payer's receipt, from a paid page (or one paid in part), in the page's language: the
    // same document the requester downloads. A code with no receipt is not found, and counted as
    // a miss like any other.
    app.get(
      "/pay/:code/receipt.pdf",
      { schema: { params: CodeParams, querystring: PageQuery } },
      async (request, reply) => {
        await limiter.check("payReceipt", request.ip);
        await limiter.check("payReceiptCeiling", "all");
        const { code } = request.params;
        const entry = await lookup(request.ip, code);
        const facts = entry ? await payerReceiptAt(db, code) : null;
        if (!facts) throw new HttpError(404, NOT_FOUND);
        const { receiptPdf } = await import("#server/pdf/receipt.ts");
        const pdf = await receiptPdf({ ...facts, language: readerLocale(request, request.query.lang) });
        return sendPdf(reply.header("x-robots-tag", NOINDEX), `collect-receipt-${code}.pdf`, pdf);
      },
    );

    // Every unknown code gets the same document in each language: rendered once.
    const notFoundPages: Partial<Record<Locale, ReturnType<typeof encodedPage>>> = {};
    const secure = config.publicUrl.startsWith("https:");

    app.get(
      "/pay/:code",
      { schema: { params: CodeParams, querystring: PageQuery } },
      async (request, reply) => {
        const { code } = request.params;
        const locale = readerLocale(request, request.query.lang);
        if (locale === request.query.lang) rememberLocale(reply, locale, secure);
        const entry = await lookup(request.ip, code);
        const view = entry?.view ?? null;
        const render = (compress = true) =>
          encodedPage(
            renderPayPage({
              view,
              shortUrl: `${config.publicUrl}/pay/${encodeURIComponent(code)}`,
              cardUrl:
                view && !isCancelled(view)
                  ? `${config.publicUrl}${cardPath(code, cardVersion(cardContent(view, entry?.language)))}`
                  : null,
              assets: clientAssets,
              i18n: i18nFor(locale),
              previewI18n: i18nFor(entry?.language ?? locale),
              languageHref,
            }),
            compress,
          );
        // The most visited URL (every payer, every preview bot): rendered and compressed once per
        // cached view, and dropped with it when the database notifies a change. A view read for
        // this answer alone (the cache is standing aside) is sent as it is: compressing a page
        // that is sent once would cost more than the bytes it saves. A view keeps its page in two
        // languages at most (a payer's and a preview's): a third is rendered and compressed for its
        // answer alone (~1 ms each, brotli at quality 5, as much as the render), so no run of
        // Accept-Language headers multiplies the cache's bound (db/view-cache.ts).
        let page: ReturnType<typeof encodedPage>;
        if (entry && !entry.once) entry.pages ??= {};
        const pages = entry?.once ? undefined : entry?.pages;
        if (!entry) page = notFoundPages[locale] ??= render();
        else if (!pages) page = render(false);
        else if (!pages[locale] && Object.keys(pages).length >= PAGE_LANGUAGES_KEPT) page = render();
        else page = pages[locale] ??= render();
        const { body, encoding } = page(request.headers["accept-encoding"]);
        if (encoding) reply.header("content-encoding", encoding);
        return (
          reply
            .status(view ? 200 : 404)
            .header("content-type", "text/html; charset=utf-8")
            .header("cache-control", "no-store")
            // The language is the browser's, or the switcher's remembered in a cookie.
            .header("vary", "accept-encoding, accept-language, cookie")
            // Its noindex is the page's own robots meta tag: the header would say it twice.
            .send(body)
        );
      },
    );

    // The link-preview card: drawn once per content version on the card pool, then served from
    // memory and cached downstream for a day (docs/decisions/006-link-preview-card.md).
    app.get("/pay/:code/card/:file", { schema: { params: CardParams } }, async (request, reply) => {
      const { code, file } = request.params;
      const entry = await lookup(request.ip, code);
      // A cancelled request has no card: nothing of it but a first name is shown anywhere.
      if (!entry || isCancelled(entry.view)) throw new HttpError(404, NOT_FOUND);
      const content = cardContent(entry.view, entry.language);
      const version = cardVersion(content);
      // An older version (the request changed since the preview was fetched): the current card.
      if (CARD_FILE.exec(file)?.[1] !== version) {
        return reply.header("cache-control", "no-store").redirect(cardPath(code, version), 302);
      }
      // A card not drawn yet costs a draw: limited per client address and per requester (a
      // script rotating through versions, or one requester's many requests, cannot take the pool).
      let png = cards.get(version);
      if (!png) {
        await limiter.check("cardDrawPerAddress", request.ip, imageLimits.cardDrawsPerAddress);
        await limiter.check("cardDrawPerRequester", entry.requesterId, imageLimits.cardDrawsPerRequester);
        png = await cards.fetch(version, { context: content }).catch((error: unknown) => {
          request.log.warn({ err: error }, "card not drawn");
          throw error;
        });
        if (!png) throw new HttpError(404, NOT_FOUND);
      }
      return (
        reply
          .type("image/png")
          .header("content-length", png.length)
          // A day is what link previews need: a deleted request's card should not outlive it for good.
          .header("cache-control", `public, max-age=${imageLimits.imageCacheSeconds}`)
          .header("cross-origin-resource-policy", "cross-origin")
          .header("x-robots-tag", NOINDEX)
          .send(png)
      );
    });
  };
