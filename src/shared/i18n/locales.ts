/**
 * The languages Collect speaks (docs/decisions/033-languages.md), each by the tag its catalog is
 * named after (src/shared/i18n/catalogs/{locale}.po). English is the source: the spec's texts are
 * the English catalog, word for word.
 */
export const LOCALES = ["en", "es", "pt-BR", "fr", "de", "hi", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = "en";

/** Each language in its own words, as a switcher lists it (a reader finds their own). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  hi: "हिन्दी",
  ar: "العربية",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Arabic reads right to left; the page's `dir` says so and its CSS uses logical sides. */
export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/**
 * The tag `Intl` formats with: English is the US's (the spec's "$1,250.00", "January 5, 2027"),
 * Hindi India's; the others are their language's own defaults ("12,50 €" in German).
 */
export function intlLocaleOf(locale: Locale | (string & {})): string {
  return locale === "en" ? "en-US" : locale === "hi" ? "hi-IN" : locale;
}

/** Open Graph's `og:locale` (language_TERRITORY) for each language. */
export const OG_LOCALES: Record<Locale, string> = {
  en: "en_US",
  es: "es_ES",
  "pt-BR": "pt_BR",
  fr: "fr_FR",
  de: "de_DE",
  hi: "hi_IN",
  ar: "ar_AR",
};

/** One of ours for any tag: "pt-PT" and "pt" read Brazilian Portuguese, "en-GB" English, "de-AT" German. */
export function localeOf(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split("-")[0];
  return LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === language) ?? null;
}

/** An Accept-Language header is read this far at most: a browser sends a few dozen bytes. */
const ACCEPT_LANGUAGE_MAX = 512;
const ACCEPT_LANGUAGE_ENTRIES = 20;

/**
 * The language a browser asks for most among ours (RFC 9110 §12.5.4's weights), or null when it
 * asks for none of them. A long or odd header is read only in its first entries.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const entries = acceptLanguage
    .slice(0, ACCEPT_LANGUAGE_MAX)
    .split(",", ACCEPT_LANGUAGE_ENTRIES)
    .map((entry, order) => {
      const [tag = "", ...params] = entry.split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.weight > 0 && entry.tag !== "*")
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of entries) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The first of these that is a language Collect speaks, else English: what Collect sends a payer
 * speaks their contact's language (payee.language), else the requester's own.
 */
export function localeOr(...candidates: (string | null | undefined)[]): Locale {
  return candidates.find(isLocale) ?? SOURCE_LOCALE;
}
