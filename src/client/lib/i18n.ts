import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { useQuery } from "@tanstack/react-query";
import type { Locale } from "#shared/i18n/locales.ts";

/**
 * Each language's catalog, a chunk of its own that loads when first needed: the app never
 * carries the seven (docs/decisions/033-languages.md).
 */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("#shared/i18n/catalogs/en.po"),
  es: () => import("#shared/i18n/catalogs/es.po"),
  "pt-BR": () => import("#shared/i18n/catalogs/pt-BR.po"),
  fr: () => import("#shared/i18n/catalogs/fr.po"),
  de: () => import("#shared/i18n/catalogs/de.po"),
  hi: () => import("#shared/i18n/catalogs/hi.po"),
  ar: () => import("#shared/i18n/catalogs/ar.po"),
};

async function loadI18n(locale: Locale): Promise<I18n> {
  const { messages } = await CATALOGS[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** A language's Lingui instance once its catalog has loaded (undefined until then). */
export function useI18n(locale: Locale): I18n | undefined {
  return useQuery({
    queryKey: ["catalog", locale],
    queryFn: () => loadI18n(locale),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}
