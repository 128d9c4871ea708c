import { getCountries } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { isCurrency } from "./currency";
import { COUNTRIES, CountrySchema, decimalMarkOf, homeCurrencyOf, LanguageSchema } from "./region";

describe("regions", () => {
  it("lists exactly libphonenumber's regions, so every country's numbers can be read", () => {
    expect(COUNTRIES).toEqual([...getCountries()].sort());
  });

  it("takes a listed two-letter country and nothing else", () => {
    expect(CountrySchema.safeParse("DE").success).toBe(true);
    expect(CountrySchema.safeParse("de").success).toBe(false);
    expect(CountrySchema.safeParse("EU").success).toBe(false);
    expect(CountrySchema.safeParse("XX").success).toBe(false);
  });

  it("takes the shipped languages only", () => {
    expect(LanguageSchema.safeParse("pt-BR").success).toBe(true);
    expect(LanguageSchema.safeParse("pt").success).toBe(false);
  });

  it("starts an account in its country's currency, every one a currency the runtime formats", () => {
    expect([homeCurrencyOf("US"), homeCurrencyOf("DE"), homeCurrencyOf("IN"), homeCurrencyOf("BR")]).toEqual([
      "USD",
      "EUR",
      "INR",
      "BRL",
    ]);
    expect(homeCurrencyOf("SE")).toBe("SEK");
    expect(homeCurrencyOf("AQ")).toBe("USD");
    for (const country of COUNTRIES) expect(isCurrency(homeCurrencyOf(country)), country).toBe(true);
  });
});

describe("decimalMarkOf", () => {
  it("is the comma where the country's people write cents after one, the point elsewhere", () => {
    for (const country of ["DE", "FR", "ES", "BR", "SE", "IT"])
      expect(decimalMarkOf(country), country).toBe(",");
    for (const country of ["US", "GB", "IN", "JP", "SG", "TH"])
      expect(decimalMarkOf(country), country).toBe(".");
  });
});
