import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n-for";
import { directionOf, intlLocaleOf, LOCALES, negotiateLocale, SOURCE_LOCALE } from "./locales";

// Which messages exist and that each language has them all is `npm run i18n:check` (lingui check,
// part of `npm run lint`); here, that each translation says the same things as its English.

type Token = string | [string, string?, Record<string, Token[] | Token>?];

/** The arguments and tags a compiled message uses: "{name}", "<0>", a plural's `#` aside. */
function partsOf(message: unknown, into = new Set<string>()): Set<string> {
  if (typeof message === "string") {
    for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) into.add(`<${tag[1]}>`);
    return into;
  }
  if (!Array.isArray(message)) return into;
  const token = message as Token[];
  // A compiled message is a list of texts and [argument, format?, choices?].
  for (const part of token) {
    if (typeof part === "string") partsOf(part, into);
    else if (Array.isArray(part)) {
      const [name, , choices] = part;
      if (typeof name === "string" && name !== "#") into.add(`{${name}}`);
      for (const choice of Object.values(choices ?? {})) partsOf(choice, into);
    }
  }
  return into;
}

describe("the catalogs", () => {
  const source = i18nFor(SOURCE_LOCALE).messages;
  const ids = Object.keys(source);

  it("has English as its own source, word for word", () => {
    expect(ids.length).toBeGreaterThan(50);
    expect(i18nFor("en")._("{name} cancelled this request", { name: "Sam" })).toBe(
      "Sam cancelled this request",
    );
  });

  it.each(LOCALES.filter((l) => l !== SOURCE_LOCALE))(
    "%s: every message, with the same placeholders and tags",
    (locale) => {
      const messages = i18nFor(locale).messages;
      for (const id of ids) {
        const translation = messages[id];
        expect(translation, `${locale} lacks "${id}"`).toBeDefined();
        expect([...partsOf(translation)].sort(), `${locale}: "${id}"`).toEqual(
          [...partsOf(source[id])].sort(),
        );
        // Not left in English (brand names and codes aside, which are the same everywhere).
        if (/[a-z]{4,} [a-z]{4,} [a-z]{4,}/.test(id))
          expect(JSON.stringify(translation), `${locale} left "${id}" in English`).not.toBe(
            JSON.stringify(source[id]),
          );
      }
    },
  );
});

describe("negotiateLocale", () => {
  it("takes the browser's first language that Collect speaks, by weight", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLocale("ja,pt;q=0.7,en;q=0.5")).toBe("pt-BR");
    expect(negotiateLocale("en;q=0.3, ar;q=0.9")).toBe("ar");
    expect(negotiateLocale("es-MX")).toBe("es");
    expect(negotiateLocale("pt-BR")).toBe("pt-BR");
    expect(negotiateLocale("fr-CA;q=1.0")).toBe("fr");
  });

  it("answers null for no language of ours, nothing, a refusal or a wildcard", () => {
    expect(negotiateLocale("ja, zh-CN")).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale("de;q=0")).toBeNull();
    expect(negotiateLocale("*")).toBeNull();
  });

  it("reads a hostile header only as far as a browser's would go", () => {
    expect(negotiateLocale(`${"x-".repeat(10_000)},de`)).toBeNull();
    expect(negotiateLocale(`${"ja,".repeat(50)}de`)).toBeNull();
    expect(negotiateLocale("de;q=abc")).toBe("de");
  });
});

describe("a language's reading", () => {
  it("mirrors Arabic only, and formats English the US way", () => {
    expect(LOCALES.filter((l) => directionOf(l) === "rtl")).toEqual(["ar"]);
    expect(intlLocaleOf("en")).toBe("en-US");
    expect(
      new Intl.NumberFormat(intlLocaleOf("de"), { style: "currency", currency: "EUR" }).format(12.5),
    ).toBe("12,50\u00a0€");
    expect(
      new Intl.NumberFormat(intlLocaleOf("pt-BR"), { style: "currency", currency: "BRL" }).format(25.9),
    ).toBe("R$\u00a025,90");
    expect(
      new Intl.NumberFormat(intlLocaleOf("hi"), { style: "currency", currency: "INR" }).format(500),
    ).toBe("₹500.00");
  });
});
