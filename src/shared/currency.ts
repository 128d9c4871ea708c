import { z } from "zod";

/**
 * Currencies: a request's amount is decimal text in its currency ("12.50" EUR, "1500" JPY,
 * "1.250" KWD), exact in the currency's minor unit, never binary floating point. The minor unit's
 * digits are ISO 4217's as the runtime's `Intl` knows them (CLDR): JPY 0, USD 2, KWD 3.
 * A US account is the spec: USD, at most $1,000,000.00 (shared/money.ts keeps its messages).
 */

/** The currency of an account that never chose one, and of every request made before currencies. */
export const HOME_CURRENCY = "USD";

/** Every ISO 4217 code this runtime can format (Intl.supportedValuesOf), upper case. */
const KNOWN = new Set(Intl.supportedValuesOf("currency"));

export function isCurrency(code: string): boolean {
  return KNOWN.has(code);
}

/** ISO 4217 alpha code, one the runtime can format. */
export const CurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "Currency must be a three-letter ISO 4217 code.")
  .refine(isCurrency, "Currency must be a three-letter ISO 4217 code.");

export type Currency = z.infer<typeof CurrencySchema>;

const digitsMemo = new Map<string, number>();

/** Digits of the currency's minor unit: JPY 0, USD 2, KWD 3. */
export function currencyDigits(currency: string): number {
  let digits = digitsMemo.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsMemo.set(currency, digits);
  }
  return digits;
}

/**
 * The largest whole amount a request may ask, in major units. USD keeps the spec's
 * $1,000,000.00; any other currency a billion units, which covers a year's rent in the
 * currencies with the smallest units (IDR, VND) and fits the column (numeric(15,3)).
 */
export function maxWhole(currency: string): number {
  return currency === HOME_CURRENCY ? 1_000_000 : 1_000_000_000;
}

/**
 * Minor units of decimal text in a currency ("12.5" EUR → 1250, "1500" JPY → 1500), or null
 * for text that is not a plain non-negative decimal with at most the currency's digits.
 */
export function parseMinor(input: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(input.trim());
  if (!match) return null;
  const [, whole = "0", written = ""] = match;
  // "1500.00" is exactly 1500 yen: zeros beyond the minor unit change nothing.
  const fraction = written.length > digits ? written.replace(/0+$/, "") : written;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/**
 * Decimal text of `minor` units with `digits` decimals, by string slicing: (1250, 2) → "12.50",
 * (5, 2) → "0.05", (1500, 0) → "1500"; `separator` replaces the point (Swish writes "12,50").
 */
export function decimalText(minor: number, digits: number, separator = "."): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Bad minor units: ${minor}.`);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}${separator}${text.slice(-digits)}`;
}

/** Decimal text of minor units, with exactly the currency's digits: 1250 EUR → "12.50", 1500 JPY → "1500". */
export function minorToAmount(minor: number, currency: string): string {
  return decimalText(minor, currencyDigits(currency));
}

/** The amount normalised to its currency's digits ("12.5" EUR → "12.50"), or null when it is not one. */
export function normaliseAmount(input: string, currency: string): string | null {
  const minor = parseMinor(input, currency);
  if (minor === null || minor <= 0 || minor > maxWhole(currency) * 10 ** currencyDigits(currency))
    return null;
  return minorToAmount(minor, currency);
}

/** The sign written before or after an amount, as short as the currency allows: "$", "€", "¥", "CHF". */
export function currencySymbol(currency: string): string {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The amount as the locale writes it: "12,50 €" (de), "R$ 25,90" (pt-BR), "₹500.00" (en-IN),
 * "$1,234.50" (en-US). Intl formats the decimal text itself, exactly (no float on the way).
 */
export function formatAmount(amount: string, currency: string, locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, format);
  }
  // Intl.NumberFormat reads a decimal string exactly (ECMA-402 NumberFormat v3).
  return format.format(amount as unknown as number);
}

/**
 * Totals that never add different currencies: one decimal amount per currency, in the order
 * each currency first appears.
 */
export function totalsByCurrency(items: readonly { amount: string; currency: string }[]): {
  currency: string;
  amount: string;
}[] {
  const minor = new Map<string, number>();
  for (const { amount, currency } of items) {
    minor.set(currency, (minor.get(currency) ?? 0) + (parseMinor(amount, currency) ?? 0));
  }
  return [...minor].map(([currency, total]) => ({ currency, amount: minorToAmount(total, currency) }));
}

/**
 * Totals in several currencies as one line, each as money: "$120.00 · €40.00". None: "$0.00"
 * (a US account's nothing, as it always read).
 */
export function formatTotals(
  totals: readonly { currency: string; amount: string }[],
  locale = "en-US",
): string {
  if (totals.length === 0) return formatAmount("0.00", HOME_CURRENCY, locale);
  return totals.map(({ amount, currency }) => formatAmount(amount, currency, locale)).join(" · ");
}
