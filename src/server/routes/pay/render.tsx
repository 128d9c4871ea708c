import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ClientAssets } from "#server/lib/client-assets.ts";
import { directionOf, type Locale, OG_LOCALES } from "#shared/i18n/locales.ts";
import { PayView } from "#shared/pay-page/pay-view.tsx";
import type { CancelledPaymentView, PublicPaymentView } from "#shared/schemas/payment-request.ts";
import { CARD_HEIGHT, CARD_WIDTH } from "./card-content";
import { previewMeta } from "./preview";

type PageInput = {
  view: PublicPaymentView | CancelledPaymentView | null;
  shortUrl: string;
  /** The absolute URL of the request's link-preview card (found requests only, not cancelled ones). */
  cardUrl: string | null;
  assets: ClientAssets;
  /** The page's language (routes.ts reads the payer's). */
  i18n: I18n;
  /**
   * The language of the link's preview (Open Graph and Twitter tags): the one the requester chose
   * for this person, since a message app's fetch says nothing of who will read it.
   */
  previewI18n: I18n;
  /** This page's address in another language. */
  languageHref: (locale: Locale) => string;
};

/**
 * The whole /pay/{code} document: title and Open Graph / Twitter tags already filled from the
 * request, with a drawn card as the image, so message apps show a rich preview without
 * JavaScript (docs/product.md#pay-page, docs/decisions/006). React escapes every text and attribute.
 */
export function renderPayPage({
  view,
  shortUrl,
  cardUrl,
  assets,
  i18n,
  previewI18n,
  languageHref,
}: PageInput): string {
  const page = previewMeta(view, i18n);
  const meta = previewI18n === i18n ? page : previewMeta(view, previewI18n);
  const locale = i18n.locale as Locale;
  const image = view && cardUrl && meta.imageAlt ? { url: cardUrl, alt: meta.imageAlt } : null;
  const document = (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        <meta name="theme-color" content="#059669" />
        <meta name="robots" content="noindex, nofollow" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Collect" />
        <meta property="og:locale" content={OG_LOCALES[previewI18n.locale as Locale]} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {view && <meta property="og:url" content={shortUrl} />}
        {image && (
          <>
            <meta property="og:image" content={image.url} />
            <meta property="og:image:type" content="image/png" />
            <meta property="og:image:width" content={String(CARD_WIDTH)} />
            <meta property="og:image:height" content={String(CARD_HEIGHT)} />
            <meta property="og:image:alt" content={image.alt} />
          </>
        )}
        <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {image && <meta name="twitter:image" content={image.url} />}
        {image && <meta name="twitter:image:alt" content={image.alt} />}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.payScript && <script type="module" src={assets.payScript} />}
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <PayView
            view={view}
            languageHref={languageHref}
            receiptHref={`${new URL(shortUrl).pathname}/receipt.pdf`}
          />
        </I18nProvider>
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
