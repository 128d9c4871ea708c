import { useLingui } from "@lingui/react";
import { LOCALE_NAMES, LOCALES, type Locale } from "#shared/i18n/locales.ts";
import { FOCUS } from "./copy-button";

/**
 * The page's languages, each a link in its own words: the payer reads it in their browser's
 * language, and a tap here changes it and is remembered (routes/pay/routes.ts). Plain links, so it
 * works with no JavaScript and by keyboard.
 */
export function LanguageSwitcher({ href }: { href: (locale: Locale) => string }) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={i18n._("Language")} data-language-switcher>
      <ul className="flex flex-wrap justify-center gap-x-1 gap-y-1 text-sm">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={href(locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === i18n.locale ? "true" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-2 text-slate-600 underline-offset-4 hover:underline aria-[current]:font-semibold aria-[current]:text-slate-900 dark:text-slate-400 dark:aria-[current]:text-white ${FOCUS}`}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
