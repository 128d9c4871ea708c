import type { I18n } from "@lingui/core";
import {
  currencyDigits,
  formatAmount,
  HOME_CURRENCY,
  maxWhole,
  minorToAmount,
  normaliseAmount,
  parseMinor,
} from "./currency";
import { ENGLISH } from "./i18n/english";
import { intlLocaleOf } from "./i18n/locales";
import { MAX_AMOUNT_CENTS } from "./input-limits";
import { LIMIT_MESSAGES, VALIDATION } from "./messages";

/**
 * Money as decimal text ("25.50"), never binary floating point (docs/product.md#decisions-the-brief-left-open).
 * Amounts are USD, > 0 and ≤ 1,000,000.00, with at most 2 decimals.
 */

/** Whole cents of decimal text such as "25", "25.5", "25.50"; null for anything else ("1e3", "-1", "NaN"). */
export function parseCents(input: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Why decimal text is not an amount for a request, or null when it is: in the product's order,
 * not a number above $0 first, then more than $1,000,000.00, then more than 2 decimals. Digits
 * are compared as text, never through binary floating point.
 */
export function amountProblem(input: string): string | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(input.trim());
  if (!match) return VALIDATION.amount.description;
  const [, whole = "", fraction = ""] = match;
  if (!/[1-9]/.test(whole + fraction)) return VALIDATION.amount.description;
  // "1000001" has no fraction: "1000001." would not parse, and the cap would go unseen.
  const cents = parseCents(fraction ? `${whole}.${fraction.slice(0, 2)}` : whole);
  const beyondCents = /[1-9]/.test(fraction.slice(2));
  const tooLarge =
    whole.replace(/^0+/, "").length > 7 ||
    (cents ?? 0) > MAX_AMOUNT_CENTS ||
    (cents === MAX_AMOUNT_CENTS && beyondCents);
  if (tooLarge) return LIMIT_MESSAGES.amountTooLarge;
  if (fraction.length > 2) return LIMIT_MESSAGES.amountDecimals;
  return null;
}

/** Normalised amount ("25.50") when valid for a request, otherwise null. */
export function parseAmount(input: string): string | null {
  const cents = parseCents(input);
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS) return null;
  return centsToAmount(cents);
}

export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * "$1,234.50" from decimal text; text that is not an amount is shown as it is. In another
 * currency, as `locale` writes it ("12,50 €" in de): shared/currency.ts formatAmount.
 */
export function formatMoney(amount: string, currency: string = HOME_CURRENCY, locale = "en-US"): string {
  if (currency !== HOME_CURRENCY || locale !== "en-US") return formatAmount(amount, currency, locale);
  const cents = parseCents(amount);
  if (cents === null) return `$${amount}`;
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A request's amount in its currency, normalised ("12.5" EUR → "12.50"), or why not: in USD the
 * spec's checks and messages (parseAmount, amountProblem); in another currency its own digits
 * (JPY none, KWD 3) and cap (shared/currency.ts). Why not, in `i18n`'s language (the app passes its own).
 */
export function checkAmount(
  input: string,
  currency: string = HOME_CURRENCY,
  i18n: I18n = ENGLISH,
): { ok: true; amount: string } | { ok: false; message: string } {
  if (currency === HOME_CURRENCY) {
    const amount = parseAmount(input);
    return amount
      ? { ok: true, amount }
      : { ok: false, message: i18n._(amountProblem(input) ?? VALIDATION.amount.description) };
  }
  const amount = normaliseAmount(input, currency);
  if (amount) return { ok: true, amount };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(input.trim());
  if (!match || !/[1-9]/.test(input)) return { ok: false, message: i18n._(VALIDATION.amount.description) };
  const digits = currencyDigits(currency);
  if ((match[2] ?? "").replace(/0+$/, "").length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? i18n._("Please enter a whole amount in {currency}, without decimals.", { currency })
          : i18n._("Please enter an amount with at most {digits} decimal places in {currency}.", {
              digits,
              currency,
            }),
    };
  }
  const max = formatAmount(
    String(maxWhole(currency)),
    currency,
    i18n.locale === "en" ? "en" : intlLocaleOf(i18n.locale),
  );
  return { ok: false, message: i18n._("Please enter an amount of at most {max}.", { max }) };
}

/** Sum of decimal amounts in one currency, exact (whole minor units). */
export function sumAmounts(amounts: string[], currency: string = HOME_CURRENCY): string {
  return minorToAmount(
    amounts.reduce((total, a) => total + (parseMinor(a, currency) ?? 0), 0),
    currency,
  );
}
