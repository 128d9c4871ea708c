import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * Collect's languages (docs/decisions/033-languages.md): English is the source, written in the
 * code as the message itself (`i18n._("Pay with {provider}", { provider })`), so the spec's texts
 * stay readable where they are used. One PO catalog per language under src/shared/i18n/catalogs,
 * compiled when imported (Vite, Vitest, and the server's esbuild build).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "pt-BR", "fr", "de", "hi", "ar"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/shared/i18n/catalogs/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.ts", "**/*.test.tsx", "**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: "messageId",
});
