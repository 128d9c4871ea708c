import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { messages as englishMessages } from "#shared/i18n/catalogs/en.po";
import { directionOf, intlLocaleOf, type Locale, localeOr, negotiateLocale } from "#shared/i18n/locales.ts";

/**
 * Each language's catalog, a chunk of its own that loads when first needed: the app never
 * carries the seven (docs/decisions/033-languages.md). English is in the first bundle: the app
 * speaks it until another language has loaded.
 */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: async () => ({ messages: englishMessages }),
  es: () => import("#shared/i18n/catalogs/es.po"),
  "pt-BR": () => import("#shared/i18n/catalogs/pt-BR.po"),
  fr: () => import("#shared/i18n/catalogs/fr.po"),
  de: () => import("#shared/i18n/catalogs/de.po"),
  hi: () => import("#shared/i18n/catalogs/hi.po"),
  ar: () => import("#shared/i18n/catalogs/ar.po"),
};

async function loadI18n(locale: Locale): Promise<I18n> {
  const { messages } = await CATALOGS[locale]();
  // A plain English message is its own id (vite.config.ts keeps only the compiled ones).
  return setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
}

/** A language's own Lingui instance once its catalog has loaded (undefined until then): the payer's, in a preview. */
export function useI18n(locale: Locale): I18n | undefined {
  return useQuery({
    queryKey: ["catalog", locale],
    queryFn: () => loadI18n(locale),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * The app's one Lingui instance: every screen's words (`useLingui()` of @lingui/react reads it).
 * A text its catalog does not hold (a server's sentence, a user's words shown through `i18n._`)
 * is shown as it is: no compiler runs in the browser, so Lingui would otherwise warn for each.
 */
export const appI18n: I18n = setupI18n({
  locale: "en",
  messages: { en: englishMessages },
  missing: (_locale, id) => id,
});

/** The browser's languages as an Accept-Language header, for `negotiateLocale`. */
function browserLanguages(): string {
  return typeof navigator === "undefined" ? "" : (navigator.languages ?? [navigator.language]).join(",");
}

/** The language the app speaks: the account's choice, else the browser's first of ours, else English. */
export function appLocaleFor(chosen: string | null | undefined): Locale {
  return localeOr(chosen, negotiateLocale(browserLanguages()));
}

/**
 * Switches the app to `locale` once its catalog has loaded, and the document with it: `<html
 * lang dir>` (Arabic reads right to left; the screens use logical sides, `ps-`/`me-`/`text-start`).
 * A catalog that fails to load (offline) leaves the app in the language it speaks.
 */
export async function activateAppLocale(locale: Locale): Promise<void> {
  if (appI18n.locale !== locale) {
    const { messages } = await CATALOGS[locale]();
    appI18n.load(locale, messages);
    appI18n.activate(locale);
  }
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** Keeps the app in `chosen`'s language (the account's; null or absent: the browser's). */
export function useAppLocale(chosen: string | null | undefined): void {
  const locale = appLocaleFor(chosen);
  useEffect(() => {
    activateAppLocale(locale).catch(() => {});
  }, [locale]);
}

/** The app's words for what it wraps: main.tsx's root, and the tests' renders (test/render.tsx). */
export function AppI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={appI18n}>{children}</I18nProvider>;
}

/** The Intl locale of the app's language, for money and dates ("en-US" for English, as the spec shows them). */
export function useIntlLocale(): string {
  return intlLocaleOf(useLingui().i18n.locale);
}
