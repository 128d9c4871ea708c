import { renderToStaticMarkup } from "react-dom/server";
import { formatMoney } from "../../../shared/money";
import type { PublicPaymentView } from "../../../shared/schemas/payment-request";
import { PayView } from "../../../shared/ui/pay-view";
import type { ClientAssets } from "../../lib/client-assets";

type PageInput = {
  view: PublicPaymentView | null;
  shortUrl: string;
  publicUrl: string;
  assets: ClientAssets;
};

/**
 * The whole /pay/{code} document: title and Open Graph / Twitter tags already filled from the
 * request so message apps show a rich preview without JavaScript (DESIGN.md "Link previews").
 * React escapes every text and attribute.
 */
export function renderPayPage({ view, shortUrl, publicUrl, assets }: PageInput): string {
  const meta = view
    ? requestMeta(view)
    : {
        title: "Payment Not Found · Collect",
        description: "This payment request could not be found or has expired.",
      };
  const image = view?.requester.photo ? new URL(view.requester.photo, publicUrl).toString() : null;
  const document = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="theme-color" content="#059669" />
        {!view && <meta name="robots" content="noindex" />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Collect" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {view && <meta property="og:url" content={shortUrl} />}
        {image && <meta property="og:image" content={image} />}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {image && <meta name="twitter:image" content={image} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.payScript && <script type="module" src={assets.payScript} />}
      </head>
      <body>
        <PayView view={view} />
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}

function requestMeta(view: PublicPaymentView) {
  const amount = formatMoney(view.request.amount);
  const title = `${view.requester.name} is requesting ${amount}`;
  const description = view.request.description
    ? `${view.request.description} · Pay ${view.requester.name} with one tap in Venmo, PayPal, Cash App, Zelle or Google Pay.`
    : `Pay ${view.requester.name} with one tap in Venmo, PayPal, Cash App, Zelle or Google Pay.`;
  return { title: `${title} · Collect`, description };
}
