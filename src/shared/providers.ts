import type { I18n } from "@lingui/core";
import { EMAIL_PATTERN } from "./input-limits";
import { normalizePhone } from "./phone";
import { parseMonzoUsername } from "./rails/monzo";
import { parsePayNowProxy } from "./rails/paynow";
import { paypalTakes } from "./rails/paypal";
import { parsePixKey } from "./rails/pix";
import { parsePromptPayProxy } from "./rails/promptpay";
import { parseBic, parseIban } from "./rails/sepa";
import { parseSwishNumber } from "./rails/swish";
import { parseUpiId } from "./rails/upi";

/** The spec's five payment providers (docs/product.md#payment-methods), in the Payment Methods page's order. */
export const US_PROVIDERS = ["paypal", "venmo", "cashapp", "zelle", "googlepay"] as const;
export type UsProvider = (typeof US_PROVIDERS)[number];

/**
 * The payment rails outside the US, each from its published format (docs/pay-buttons.md,
 * docs/decisions/032-payment-rails.md): UPI (India), Pix (Brazil), SEPA credit transfer (euro
 * area), Swish (Sweden), Monzo (UK), PayNow (Singapore), PromptPay (Thailand).
 */
export const RAIL_PROVIDERS = ["upi", "pix", "sepa", "swish", "monzo", "paynow", "promptpay"] as const;
export type RailProvider = (typeof RAIL_PROVIDERS)[number];

export const PROVIDERS = [...US_PROVIDERS, ...RAIL_PROVIDERS] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * The pay page's order of a requester's methods: the order they chose (Payment Methods, "Order
 * on your pay page"), else the spec's: Venmo first (docs/product.md#pay-page), then the providers'
 * own order. A method the chosen order does not name comes after the ones it does.
 */
export function payPageOrder<T extends { provider: Provider }>(
  accounts: readonly T[],
  chosen?: readonly Provider[] | null,
): T[] {
  const spec: readonly Provider[] = ["venmo", ...PROVIDERS.filter((p) => p !== "venmo")];
  const rank = (p: Provider) => {
    const at = chosen?.indexOf(p) ?? -1;
    return at >= 0 ? at : PROVIDERS.length + spec.indexOf(p);
  };
  return [...accounts].sort((a, b) => rank(a.provider) - rank(b.provider));
}

export function isRailProvider(provider: Provider): provider is RailProvider {
  return (RAIL_PROVIDERS as readonly string[]).includes(provider);
}

/**
 * Setup offers the spec's three (docs/product.md#setup), then Zelle: the largest US person-to-person
 * network, so someone who uses only Zelle can start.
 */
export const SETUP_PROVIDERS = ["paypal", "venmo", "cashapp", "zelle"] as const satisfies readonly Provider[];

/** The euro area (21 members since Bulgaria joined on 1 January 2026) and the states that use the euro by agreement. */
const EURO_COUNTRIES = new Set(
  "AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA".split(" "),
);

/** The rail people in a country pay with, if Collect has one for it. */
export function countryRail(country: string): RailProvider | null {
  if (EURO_COUNTRIES.has(country)) return "sepa";
  const rails: Record<string, RailProvider> = {
    IN: "upi",
    BR: "pix",
    SE: "swish",
    GB: "monzo",
    SG: "paynow",
    TH: "promptpay",
  };
  return rails[country] ?? null;
}

/**
 * The methods the Payment Methods page offers an account in `country`, in order: a US account
 * keeps the spec's five (docs/product.md#payment-methods); any other country gets
 * its own rail first, then PayPal, the one app that takes many currencies. A method already saved
 * is always shown after them, so it can be seen and removed.
 */
export function providersFor(country: string, saved: readonly Provider[] = []): Provider[] {
  const offered: Provider[] =
    country === "US" ? [...US_PROVIDERS] : [...[countryRail(country)].filter((p) => p !== null), "paypal"];
  const extra = PROVIDERS.filter((p) => saved.includes(p) && !offered.includes(p));
  return [...offered, ...extra];
}

/**
 * Whether a payer can pay this method from the request link. Google Pay no longer sends money between
 * people in the US (the pay page says so), so it alone leaves a payer with no way to pay.
 */
export function canBePaidFromLink(provider: Provider): boolean {
  return provider !== "googlepay";
}

/** True when at least one of these methods can be paid from a link. */
export function anyPaidFromLink(providers: readonly Provider[]): boolean {
  return providers.some(canBePaidFromLink);
}

export const PROVIDER_LABELS: Record<Provider, string> = {
  paypal: "PayPal",
  venmo: "Venmo",
  cashapp: "Cash App",
  zelle: "Zelle",
  googlepay: "Google Pay",
  upi: "UPI",
  pix: "Pix",
  sepa: /*i18n*/ "Bank transfer (SEPA)",
  swish: "Swish",
  monzo: "Monzo",
  paynow: "PayNow",
  promptpay: "PromptPay",
};

/** What the handle is called where "handle" is not the word people use. */
export const HANDLE_LABELS: Record<Provider, string> = {
  paypal: /*i18n*/ "PayPal handle",
  venmo: /*i18n*/ "Venmo handle",
  cashapp: /*i18n*/ "Cash App handle",
  zelle: /*i18n*/ "Zelle handle",
  googlepay: /*i18n*/ "Google Pay handle",
  upi: /*i18n*/ "UPI ID",
  pix: /*i18n*/ "Pix key",
  sepa: /*i18n*/ "IBAN",
  swish: /*i18n*/ "Swish number",
  monzo: /*i18n*/ "Monzo username",
  paynow: /*i18n*/ "PayNow mobile number or UEN",
  promptpay: /*i18n*/ "PromptPay mobile number or ID",
};

/** A method's name to a reader: a brand is its own word; SEPA's is said in the reader's language. */
export function providerLabel(provider: Provider, i18n: I18n): string {
  const label = PROVIDER_LABELS[provider];
  return provider === "sepa" ? i18n._(label) : label;
}

/** What a method's handle is called ("UPI ID", "IBAN"), in the reader's language. */
export function handleLabel(provider: Provider, i18n: I18n): string {
  return i18n._(HANDLE_LABELS[provider]);
}

/** Handle hints (docs/product.md#payment-methods). */
export const PROVIDER_HINTS: Record<Provider, string> = {
  paypal: /*i18n*/ "Your PayPal.Me username, not your email",
  venmo: /*i18n*/ "Your Venmo username, starting with @",
  cashapp: /*i18n*/ "Your $Cashtag, starting with $",
  zelle: /*i18n*/ "The email or phone number you use with Zelle",
  googlepay: /*i18n*/ "The phone number or email you use with Google Pay",
  upi: /*i18n*/ "Your UPI ID, as your UPI app shows it: name@bank",
  pix: /*i18n*/ "Your Pix key: email, +55 mobile number, CPF, CNPJ or random key",
  sepa: /*i18n*/ "Your account's IBAN; payers see it in groups of four",
  swish: /*i18n*/ "The Swedish mobile number (or 123 number) Swish pays to",
  monzo: /*i18n*/ "Your monzo.me username, or your monzo.me link",
  paynow: /*i18n*/ "The Singapore mobile number or UEN registered with PayNow",
  promptpay: /*i18n*/ "The Thai mobile number or 13-digit ID registered with PromptPay",
};

export const PROVIDER_PLACEHOLDERS: Record<Provider, string> = {
  paypal: "yourname",
  venmo: "@yourname",
  cashapp: "$yourname",
  zelle: "you@example.com or (212) 555-0101",
  googlepay: "(212) 555-0101 or you@example.com",
  upi: "yourname@okaxis",
  pix: "you@example.com or +55 11 91234-5678",
  sepa: "DE89 3704 0044 0532 0130 00",
  swish: "070 123 45 67",
  monzo: "yourname",
  paynow: "9123 4567",
  promptpay: "081 234 5678",
};

/**
 * The handle checks' sentences that name their provider, each written out whole, so each is a
 * message of its own in every language (a name spliced into a sentence at run time has no
 * translation, and stayed English on a German account's form).
 */
const HANDLE_MESSAGES = {
  empty: {
    paypal: /*i18n*/ "PayPal: please enter your handle.",
    venmo: /*i18n*/ "Venmo: please enter your handle.",
    cashapp: /*i18n*/ "Cash App: please enter your handle.",
    zelle: /*i18n*/ "Zelle: please enter your handle.",
    googlepay: /*i18n*/ "Google Pay: please enter your handle.",
    upi: /*i18n*/ "UPI: please enter your UPI ID.",
    pix: /*i18n*/ "Pix: please enter your Pix key.",
    sepa: /*i18n*/ "Bank transfer (SEPA): please enter your IBAN.",
    swish: /*i18n*/ "Swish: please enter your Swish number.",
    monzo: /*i18n*/ "Monzo: please enter your Monzo username.",
    paynow: /*i18n*/ "PayNow: please enter your PayNow mobile number or UEN.",
    promptpay: /*i18n*/ "PromptPay: please enter your PromptPay mobile number or ID.",
  },
  tooLong: {
    paypal: /*i18n*/ "PayPal: the handle is too long.",
    venmo: /*i18n*/ "Venmo: the handle is too long.",
    cashapp: /*i18n*/ "Cash App: the handle is too long.",
    zelle: /*i18n*/ "Zelle: the handle is too long.",
    googlepay: /*i18n*/ "Google Pay: the handle is too long.",
    upi: /*i18n*/ "UPI: the handle is too long.",
    pix: /*i18n*/ "Pix: the handle is too long.",
    sepa: /*i18n*/ "Bank transfer (SEPA): the handle is too long.",
    swish: /*i18n*/ "Swish: the handle is too long.",
    monzo: /*i18n*/ "Monzo: the handle is too long.",
    paynow: /*i18n*/ "PayNow: the handle is too long.",
    promptpay: /*i18n*/ "PromptPay: the handle is too long.",
  },
  emailOrPhone: {
    zelle: /*i18n*/ "Zelle: enter an email address or a US phone number.",
    googlepay: /*i18n*/ "Google Pay: enter an email address or a US phone number.",
  },
} as const satisfies {
  empty: Record<Provider, string>;
  tooLong: Record<Provider, string>;
  emailOrPhone: Record<"zelle" | "googlepay", string>;
};

/**
 * Checks a handle against the provider's rules (docs/product.md#payment-methods, and each rail's
 * parser in shared/rails), enforced on client and server alike. Returns null when valid,
 * otherwise a sentence naming the provider.
 */
export function handleProblem(provider: Provider, handle: string): string | null {
  const h = handle.trim();
  if (h.length === 0) return HANDLE_MESSAGES.empty[provider];
  if (h.length > 100) return HANDLE_MESSAGES.tooLong[provider];
  switch (provider) {
    case "paypal":
      if (EMAIL_PATTERN.test(h)) return /*i18n*/ "PayPal: enter your PayPal.Me username, not your email.";
      return /^[A-Za-z0-9]{1,20}$/.test(h)
        ? null
        : /*i18n*/ "PayPal: a PayPal.Me username has up to 20 letters and numbers.";
    case "venmo":
      return /^@[A-Za-z0-9_-]{1,30}$/.test(h)
        ? null
        : /*i18n*/ "Venmo: the username starts with @ followed by letters, numbers, - or _.";
    case "cashapp":
      return /^\$(?=.*[A-Za-z])[A-Za-z0-9_-]{1,20}$/.test(h)
        ? null
        : /*i18n*/ "Cash App: the $Cashtag starts with $ followed by up to 20 letters and numbers.";
    case "zelle":
    case "googlepay":
      return EMAIL_PATTERN.test(h) || normalizePhone(h) !== null
        ? null
        : HANDLE_MESSAGES.emailOrPhone[provider];
    case "upi":
      return parseUpiId(h) ? null : /*i18n*/ "UPI: enter your UPI ID, like yourname@okaxis.";
    case "pix":
      return parsePixKey(h)
        ? null
        : /*i18n*/ "Pix: enter a Pix key: an email, a mobile number with +55, a CPF, a CNPJ or a random key.";
    case "sepa":
      return parseIban(h)
        ? null
        : /*i18n*/ "Bank transfer (SEPA): this IBAN is not valid; check it against your bank's.";
    case "swish":
      return parseSwishNumber(h)
        ? null
        : /*i18n*/ "Swish: enter the Swedish mobile number or 123 number your Swish account pays to.";
    case "monzo":
      return parseMonzoUsername(h) ? null : /*i18n*/ "Monzo: enter your monzo.me username, like yourname.";
    case "paynow":
      return parsePayNowProxy(h)
        ? null
        : /*i18n*/ "PayNow: enter a Singapore mobile number (8 digits) or your UEN.";
    case "promptpay":
      return parsePromptPayProxy(h)
        ? null
        : /*i18n*/ "PromptPay: enter a Thai mobile number or your 13-digit ID.";
  }
}

/**
 * A bank transfer names who holds the account: payers' banks check it against the IBAN
 * (Verification of Payee). Only SEPA asks for it; null when fine.
 */
export function holderNameProblem(provider: Provider, holderName: string | null | undefined): string | null {
  if (provider !== "sepa") return null;
  const name = (holderName ?? "").trim();
  if (name.length === 0) return /*i18n*/ "Bank transfer (SEPA): please enter the account holder's name.";
  if (name.length > 70)
    return /*i18n*/ "Bank transfer (SEPA): the account holder's name has at most 70 characters.";
  return null;
}

/** SEPA's optional BIC: 8 or 11 letters and digits; null when fine or left out. */
export function bicProblem(provider: Provider, bic: string | null | undefined): string | null {
  if (provider !== "sepa" || !bic?.trim()) return null;
  return parseBic(bic)
    ? null
    : `${PROVIDER_LABELS.sepa}: a BIC has 8 or 11 letters and digits, like COBADEFFXXX.`;
}

/**
 * The currencies each method can be paid in from Collect: Venmo, Cash App, Zelle and Google Pay
 * move US dollars only; PayPal.Me takes the currencies PayPal lists (rails/paypal.ts); each rail
 * its own currency (rails/index.ts RAIL_CURRENCIES). A request in another currency offers only
 * the methods that take it.
 */
export function takesCurrency(provider: Provider, currency: string): boolean {
  switch (provider) {
    case "paypal":
      return paypalTakes(currency);
    case "venmo":
    case "cashapp":
    case "zelle":
    case "googlepay":
      return currency === "USD";
    default:
      return RAIL_CURRENCY[provider] === currency;
  }
}

/**
 * Each rail's one currency, as rails/index.ts RAIL_CURRENCIES lists them (a test keeps the two
 * equal); written here so the pay page's small script does not load every encoder.
 */
export const RAIL_CURRENCY: Record<RailProvider, string> = {
  upi: "INR",
  pix: "BRL",
  sepa: "EUR",
  swish: "SEK",
  monzo: "GBP",
  paynow: "SGD",
  promptpay: "THB",
};
