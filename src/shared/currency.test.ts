import { describe, expect, it } from "vitest";
import {
  CurrencySchema,
  currencyDigits,
  currencySymbol,
  formatAmount,
  formatTotals,
  maxWhole,
  minorToAmount,
  normaliseAmount,
  parseMinor,
  totalsByCurrency,
} from "./currency";
import { formatMoney } from "./money";

describe("currencies", () => {
  it("knows each currency's minor unit: JPY 0, USD 2, KWD 3", () => {
    expect([
      currencyDigits("JPY"),
      currencyDigits("USD"),
      currencyDigits("EUR"),
      currencyDigits("KWD"),
    ]).toEqual([0, 2, 2, 3]);
  });

  it("takes ISO 4217 codes the runtime can format, and nothing else", () => {
    expect(CurrencySchema.safeParse("EUR").success).toBe(true);
    expect(CurrencySchema.safeParse("eur").success).toBe(false);
    expect(CurrencySchema.safeParse("XYZ").success).toBe(false);
    expect(CurrencySchema.safeParse("EURO").success).toBe(false);
  });

  it("reads decimal text exactly in minor units, refusing digits the currency does not have", () => {
    expect(parseMinor("12.5", "EUR")).toBe(1250);
    expect(parseMinor("1500", "JPY")).toBe(1500);
    expect(parseMinor("1500.5", "JPY")).toBeNull();
    expect(parseMinor("1.250", "KWD")).toBe(1250);
    expect(parseMinor("1.2505", "KWD")).toBeNull();
    expect(parseMinor("0.1", "USD")).toBe(10);
    expect(parseMinor("-1", "USD")).toBeNull();
    expect(parseMinor("1e3", "USD")).toBeNull();
    // 0.1 + 0.2 in binary floating point is 0.30000000000000004; in minor units it is 30.
    expect(minorToAmount((parseMinor("0.1", "USD") ?? 0) + (parseMinor("0.2", "USD") ?? 0), "USD")).toBe(
      "0.30",
    );
  });

  it("writes minor units with exactly the currency's digits", () => {
    expect(minorToAmount(1250, "EUR")).toBe("12.50");
    expect(minorToAmount(5, "EUR")).toBe("0.05");
    expect(minorToAmount(1500, "JPY")).toBe("1500");
    expect(minorToAmount(1250, "KWD")).toBe("1.250");
  });

  it("normalises a request's amount: above zero, within the currency's cap", () => {
    expect(normaliseAmount("12.5", "EUR")).toBe("12.50");
    expect(normaliseAmount("0", "EUR")).toBeNull();
    expect(normaliseAmount("1000000", "USD")).toBe("1000000.00");
    expect(normaliseAmount("1000000.01", "USD")).toBeNull();
    expect(maxWhole("USD")).toBe(1_000_000);
    // CLDR writes rupiah without decimals (ISO 4217 lists 2, unused in practice).
    expect(normaliseAmount("25000000", "IDR")).toBe("25000000");
    expect(normaliseAmount("1000000001", "JPY")).toBeNull();
  });

  it("formats money as each locale writes it", () => {
    // Intl puts a no-break space (U+00A0) between amount and symbol in these locales.
    expect(formatAmount("12.50", "EUR", "de-DE")).toBe("12,50\u00a0€");
    expect(formatAmount("25.90", "BRL", "pt-BR")).toBe("R$\u00a025,90");
    expect(formatAmount("500.00", "INR", "en-IN")).toBe("₹500.00");
    expect(formatAmount("1500", "JPY", "ja-JP")).toBe("￥1,500");
    expect(formatAmount("1.250", "KWD", "en")).toBe("KWD\u00a01.250");
  });

  it("formats a US amount exactly as the spec's formatMoney does", () => {
    for (const amount of ["0.01", "25.00", "1234.50", "1000000.00", "999999.99"]) {
      expect(formatAmount(amount, "USD")).toBe(formatMoney(amount));
    }
  });

  it("formats the decimal text itself, never a float's approximation of it", () => {
    expect(formatAmount("999999999999.99", "EUR", "en")).toBe("€999,999,999,999.99");
  });

  it("never adds different currencies: one total per currency", () => {
    expect(
      totalsByCurrency([
        { amount: "100.00", currency: "USD" },
        { amount: "40.00", currency: "EUR" },
        { amount: "20.00", currency: "USD" },
        { amount: "1500", currency: "JPY" },
      ]),
    ).toEqual([
      { currency: "USD", amount: "120.00" },
      { currency: "EUR", amount: "40.00" },
      { currency: "JPY", amount: "1500" },
    ]);
  });

  it("writes totals in several currencies as one line, and nothing as the spec's $0.00", () => {
    expect(
      formatTotals([
        { currency: "USD", amount: "120.00" },
        { currency: "EUR", amount: "40.00" },
      ]),
    ).toBe("$120.00 · €40.00");
    expect(formatTotals([])).toBe("$0.00");
  });
});

describe("currencySymbol", () => {
  it("is the narrow sign, or the code where there is none", () => {
    expect(["USD", "EUR", "JPY", "GBP", "INR", "BRL", "CHF"].map(currencySymbol)).toEqual([
      "$",
      "€",
      "¥",
      "£",
      "₹",
      "R$",
      "CHF",
    ]);
  });
});
