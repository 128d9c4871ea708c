import { type I18n, setupI18n } from "@lingui/core";
import { messages } from "./catalogs/en.po";
import { SOURCE_LOCALE } from "./locales";

/**
 * English, the source, alone: what the API's JSON answers say, and the default of every shared
 * function that writes a sentence (`dueLabel`, `planSplit`, `checkAmount`), which the app calls with
 * its own language's instance instead. Only English's catalog: the app carries it anyway.
 */
export const ENGLISH: I18n = setupI18n({
  locale: SOURCE_LOCALE,
  messages: { [SOURCE_LOCALE]: messages },
  // The client's build keeps only English's compiled messages (vite.config.ts): a plain one is its id.
  missing: (_locale, id) => id,
});
