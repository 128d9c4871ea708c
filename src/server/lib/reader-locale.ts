import { parseCookies } from "better-auth/cookies";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isLocale, type Locale, negotiateLocale, SOURCE_LOCALE } from "#shared/i18n/locales.ts";

/**
 * The language of a public page's reader (the pay page, the one-click pages of a payer's emails;
 * docs/decisions/033-languages.md): the one they chose with a page's switcher (`?lang=`, then
 * remembered a year in a cookie), else their browser's, else English.
 */
const LANGUAGE_COOKIE = "collect_lang";
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function readerLocale(request: FastifyRequest, chosen?: string): Locale {
  if (isLocale(chosen)) return chosen;
  const cookie = request.headers.cookie;
  const remembered = cookie ? parseCookies(cookie).get(LANGUAGE_COOKIE) : undefined;
  if (isLocale(remembered)) return remembered;
  return browserLocale(request.headers["accept-language"]);
}

// Browsers send a handful of Accept-Language values, over and over, on the most visited page:
// the first few seen are read once (the header is the client's, so only so many are remembered).
const negotiated = new Map<string, Locale>();
const REMEMBERED = 64;

function browserLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return SOURCE_LOCALE;
  let locale = negotiated.get(acceptLanguage);
  if (locale === undefined) {
    locale = negotiateLocale(acceptLanguage) ?? SOURCE_LOCALE;
    if (negotiated.size < REMEMBERED) negotiated.set(acceptLanguage, locale);
  }
  return locale;
}

/** Remembers a language the reader chose, for every public page of this site. */
export function rememberLocale(reply: FastifyReply, locale: Locale, secure: boolean): void {
  reply.header(
    "set-cookie",
    `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`,
  );
}
