import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { messages as ar } from "./catalogs/ar.po";
import { messages as de } from "./catalogs/de.po";
import { messages as en } from "./catalogs/en.po";
import { messages as es } from "./catalogs/es.po";
import { messages as fr } from "./catalogs/fr.po";
import { messages as hi } from "./catalogs/hi.po";
import { messages as ptBR } from "./catalogs/pt-BR.po";
import { ENGLISH } from "./english";
import type { Locale } from "./locales";

/**
 * Every language's compiled catalog, for the server (each page, mail and text in its reader's
 * language) and tests. The app never imports this: it loads its one language's catalog lazily.
 */
const CATALOGS: Record<Locale, Messages> = { en, es, "pt-BR": ptBR, fr, de, hi, ar };

const instances = new Map<Locale, I18n>([["en", ENGLISH]]);

/** One Lingui instance per language, made once: a page renders with its reader's. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    // A message no catalog holds is shown as it is (English's plain ones, in the client's build).
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] }, missing: (_locale, id) => id });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * English, the source: what the API's JSON answers say, and the pages of the requester's own
 * (docs/decisions/033-languages.md).
 */
export function english(): I18n {
  return ENGLISH;
}
