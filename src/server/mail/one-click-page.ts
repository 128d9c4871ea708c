import type { I18n } from "@lingui/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { directionOf, type Locale } from "#shared/i18n/locales.ts";
import { escapeHtml } from "./messages";

/**
 * The small pages behind the one-click links in Collect's emails (stop reminders, no more mail,
 * unsubscribe from a notification): one look for all of them, readable on a phone and in dark
 * mode, never indexed. A form posts back to the page's own address (`action=""`), so the page
 * never repeats the link's token; `fields` are its hidden inputs.
 */
export type OneClickPage = {
  title: string;
  paragraphs: string[];
  form?: { button: string; fields?: Record<string, string>; secondary?: boolean };
};

/** The page in `i18n`'s language (its reader's: lib/reader-locale.ts), which wrote `page`'s words too. */
export function oneClickPage(page: OneClickPage, i18n: I18n): string {
  const locale = i18n.locale as Locale;
  const { title, paragraphs, form } = page;
  const inputs = Object.entries(form?.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const button = form
    ? `<form method="post" action="">${inputs}<button type="submit"${form.secondary ? ' class="secondary"' : ""}>${escapeHtml(form.button)}</button></form>`
    : "";
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Collect</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a;background:#fff}h1{font-size:1.375rem}button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:0;background:#047857;color:#fff;min-height:44px;cursor:pointer}button.secondary{background:transparent;color:#047857;border:1px solid #047857}button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}footer{margin-top:2rem;color:#64748b;font-size:.875rem}@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#0f172a}button.secondary{color:#6ee7b7;border-color:#6ee7b7}footer{color:#94a3b8}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${button}</main><footer>${escapeHtml(i18n._("Collect never asks for passwords or card numbers."))}</footer></body></html>`;
}

/** What a link that is not one of ours shows. */
export const linkNotValid = (text: string, i18n: I18n): OneClickPage => ({
  title: i18n._("Link not valid"),
  paragraphs: [text],
});

/** How every one-click page is answered: HTML, never stored and never indexed (its address holds a token). */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
};

/** Answers the page in `i18n`'s language, with `status` (200 unless said). */
export function sendOneClickPage(
  reply: FastifyReply,
  page: OneClickPage,
  i18n: I18n,
  status = 200,
): FastifyReply {
  return reply
    .status(status)
    .headers({ ...PAGE_HEADERS, vary: "accept-language, cookie" })
    .send(oneClickPage(page, i18n));
}

/** Whether a person's browser sent the POST (the page's button) and reads a page; a mail client's one-click reads none. */
export const wantsPage = (request: FastifyRequest): boolean =>
  request.headers.accept?.includes("text/html") ?? false;

const FORM = "application/x-www-form-urlencoded";

/**
 * The bodies a one-click POST comes with, for the scope of `app` only: RFC 8058's
 * `List-Unsubscribe=One-Click` as a form (a mail client, from no page of ours), or the page's own
 * form (`undo=1`). A form's fields are read; a multipart body (some mail clients) is read as none.
 */
export function acceptOneClickPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    [FORM, "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (request, body, done) =>
      done(
        null,
        request.headers["content-type"]?.startsWith(FORM)
          ? Object.fromEntries(new URLSearchParams(String(body)))
          : {},
      ),
  );
}
