import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import {
  anyPaidFromLink,
  bicProblem,
  canBePaidFromLink,
  countryRail,
  handleProblem,
  holderNameProblem,
  PROVIDERS,
  providersFor,
  RAIL_CURRENCY,
  RAIL_PROVIDERS,
  SETUP_PROVIDERS,
  takesCurrency,
  US_PROVIDERS,
} from "./providers";
import { RAIL_CURRENCIES } from "./rails/index";

describe("handleProblem", () => {
  it.each([
    ["paypal", "alexdoe"],
    ["venmo", "@alex-doe_1"],
    ["cashapp", "$alex"],
    ["zelle", "alex@example.com"],
    ["zelle", "(212) 555-0101"],
    ["googlepay", "+1 212 555 0101"],
    ["googlepay", "alex@example.com"],
    ["upi", "robin@okaxis"],
    ["upi", "9876543210@ybl"],
    ["pix", "fulano@example.com"],
    ["pix", "+55 11 99999-8888"],
    ["pix", "123.456.789-09"],
    ["pix", "123e4567-e12b-42d1-a456-426655440000"],
    ["sepa", "DE89 3704 0044 0532 0130 00"],
    ["sepa", "fr1420041010050500013m02606"],
    ["swish", "070-123 45 67"],
    ["swish", "+46 70 123 45 67"],
    ["swish", "123 118 11 89"],
    ["monzo", "robin"],
    ["monzo", "https://monzo.me/robin/5.00"],
    ["paynow", "+65 9123 4567"],
    ["paynow", "201403121W"],
    ["promptpay", "081-234-5678"],
    ["promptpay", "1101700230708"],
  ] as const)("accepts %s %s", (provider, handle) => expect(handleProblem(provider, handle)).toBeNull());

  it.each([
    ["paypal", "alex@example.com", /not your email/],
    ["paypal", "paypal.me/alex", /PayPal/],
    ["venmo", "alex", /starts with @/],
    ["cashapp", "alex", /starts with \$/],
    ["cashapp", "$123", /Cash App/],
    ["zelle", "12345", /email address or a US phone/],
    ["googlepay", "nope", /Google Pay/],
    ["venmo", "   ", /please enter/],
    ["upi", "robin", /^UPI: enter your UPI ID/],
    ["upi", "", /^UPI: please enter your UPI ID\.$/],
    ["pix", "11999998888", /^Pix: enter a Pix key/],
    ["pix", "111.111.111-11", /^Pix: /],
    ["sepa", "DE89 3704 0044 0532 0130 01", /^Bank transfer \(SEPA\): this IBAN is not valid/],
    ["sepa", "", /^Bank transfer \(SEPA\): please enter your IBAN\.$/],
    ["swish", "+47 412 34 567", /^Swish: /],
    ["monzo", "https://example.com/robin", /^Monzo: /],
    ["paynow", "6123 4567", /^PayNow: /],
    ["promptpay", "1101700230709", /^PromptPay: /],
  ] as const)("refuses %s %s", (provider, handle, message) =>
    expect(handleProblem(provider, handle)).toMatch(message),
  );

  it("asks a bank transfer for its holder's name, and checks a BIC only when one is given", () => {
    expect(holderNameProblem("sepa", "  ")).toBe(
      "Bank transfer (SEPA): please enter the account holder's name.",
    );
    expect(holderNameProblem("sepa", "x".repeat(71))).toMatch(/at most 70 characters/);
    expect(holderNameProblem("sepa", "Jürgen Müller")).toBeNull();
    expect(holderNameProblem("upi", null)).toBeNull();
    expect(bicProblem("sepa", "COBADEFFXXX")).toBeNull();
    expect(bicProblem("sepa", "")).toBeNull();
    expect(bicProblem("sepa", "COBA")).toMatch(/^Bank transfer \(SEPA\): a BIC has 8 or 11/);
  });
});

describe("takesCurrency", () => {
  it("keeps Venmo, Cash App, Zelle and Google Pay to US dollars", () => {
    for (const provider of ["venmo", "cashapp", "zelle", "googlepay"] as const) {
      expect(takesCurrency(provider, "USD")).toBe(true);
      expect(takesCurrency(provider, "EUR")).toBe(false);
    }
  });

  it("lets PayPal take only PayPal.Me's currencies", () => {
    expect(["USD", "EUR", "JPY", "HUF", "BRL"].every((c) => takesCurrency("paypal", c))).toBe(true);
    expect(["INR", "KWD", "ZAR"].some((c) => takesCurrency("paypal", c))).toBe(false);
  });

  it("gives each rail its one currency, the one the encoders list", () => {
    for (const rail of RAIL_PROVIDERS) {
      expect([RAIL_CURRENCY[rail]]).toEqual(RAIL_CURRENCIES[rail]);
      expect(takesCurrency(rail, RAIL_CURRENCY[rail])).toBe(true);
      expect(takesCurrency(rail, "USD")).toBe(false);
    }
  });
});

describe("the methods a country is offered", () => {
  it("keeps the spec's five for a US account, in the spec's order", () => {
    expect(providersFor("US")).toEqual([...US_PROVIDERS]);
    expect(providersFor("US", ["venmo"])).toEqual([...US_PROVIDERS]);
  });

  it("puts the country's rail first, then PayPal, then whatever was saved", () => {
    expect(providersFor("IN")).toEqual(["upi", "paypal"]);
    expect(providersFor("BR")).toEqual(["pix", "paypal"]);
    expect(providersFor("DE")).toEqual(["sepa", "paypal"]);
    expect(providersFor("BG")).toEqual(["sepa", "paypal"]);
    expect(providersFor("SE")).toEqual(["swish", "paypal"]);
    expect(providersFor("GB")).toEqual(["monzo", "paypal"]);
    expect(providersFor("SG")).toEqual(["paynow", "paypal"]);
    expect(providersFor("TH")).toEqual(["promptpay", "paypal"]);
    expect(providersFor("JP")).toEqual(["paypal"]);
    expect(providersFor("FR", ["googlepay", "paypal", "upi"])).toEqual([
      "sepa",
      "paypal",
      "googlepay",
      "upi",
    ]);
    expect(countryRail("CH")).toBeNull();
  });
});

describe("can be paid from a link", () => {
  it("is every method but Google Pay, which no longer sends money between people in the US", () => {
    expect(PROVIDERS.filter(canBePaidFromLink)).toEqual(PROVIDERS.filter((p) => p !== "googlepay"));
    expect(US_PROVIDERS.filter(canBePaidFromLink)).toEqual(["paypal", "venmo", "cashapp", "zelle"]);
  });

  it("is false for no methods or Google Pay alone, true once any other joins", () => {
    expect(anyPaidFromLink([])).toBe(false);
    expect(anyPaidFromLink(["googlepay"])).toBe(false);
    expect(anyPaidFromLink(["googlepay", "zelle"])).toBe(true);
  });

  it("Setup offers the spec's three first, then Zelle, and every one can be paid from a link", () => {
    expect(SETUP_PROVIDERS).toEqual(["paypal", "venmo", "cashapp", "zelle"]);
    expect(anyPaidFromLink(SETUP_PROVIDERS.filter((p) => !canBePaidFromLink(p)))).toBe(false);
  });
});

describe("the handle checks' sentences in every language", () => {
  // Before: "Zelle: enter an email address or a US phone number." and every "please enter your
  // handle" were spliced at run time, had no message of their own, and stayed English on a German
  // account's form.
  const problems = PROVIDERS.flatMap((provider) => [
    handleProblem(provider, ""),
    handleProblem(provider, "x".repeat(101)),
    handleProblem(provider, "not a handle at all"),
  ]).concat([holderNameProblem("sepa", ""), holderNameProblem("sepa", "x".repeat(71))]);

  it.each(["es", "pt-BR", "fr", "de", "hi", "ar"] as const)("each is said in %s", (locale) => {
    const i18n = i18nFor(locale);
    const untranslated = problems
      .filter((problem): problem is string => problem !== null)
      .filter((problem) => i18n._(problem) === problem);
    expect(untranslated).toEqual([]);
  });

  it("keeps the spec's English for a US account", () => {
    expect(handleProblem("zelle", "")).toBe("Zelle: please enter your handle.");
    expect(handleProblem("venmo", "x".repeat(101))).toBe("Venmo: the handle is too long.");
    expect(handleProblem("upi", "")).toBe("UPI: please enter your UPI ID.");
  });
});
