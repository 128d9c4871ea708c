/**
 * Money as the rails take it: whole minor units and an ISO 4217 code ({ minor: 1250, currency:
 * "EUR" } is €12.50). Every amount a rail writes is decimal text made from those digits by string
 * slicing, never by binary floating point (docs/product.md#decisions-the-brief-left-open).
 */
export type Money = { readonly minor: number; readonly currency: string };

const digitsMemo = new Map<string, number>();

/**
 * Digits of the currency's minor unit as the runtime's Intl knows them (ISO 4217 via CLDR):
 * JPY 0, EUR 2, KWD 3. A code Intl cannot format throws a RangeError.
 */
export function minorDigits(currency: string): number {
  let digits = digitsMemo.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsMemo.set(currency, digits);
  }
  return digits;
}

/** Throws unless `money` is a whole, non-negative, safe number of minor units in an upper-case ISO code. */
export function assertMoney(money: Money): void {
  if (!Number.isSafeInteger(money.minor) || money.minor < 0)
    throw new RangeError(`Minor units must be a whole number of at least 0, not ${money.minor}.`);
  if (!/^[A-Z]{3}$/.test(money.currency))
    throw new RangeError(`"${money.currency}" is not an ISO 4217 code.`);
}

/**
 * Decimal text of `minor` units with `digits` decimals: (1250, 2) → "12.50", (5, 2) → "0.05",
 * (1500, 0) → "1500"; `separator` replaces the point (Swish writes "12,50").
 */
export function decimalText(minor: number, digits: number, separator = "."): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Bad minor units: ${minor}.`);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}${separator}${text.slice(-digits)}`;
}

/** The amount in its currency's own digits: { 1250, "EUR" } → "12.50", { 1500, "JPY" } → "1500". */
export function moneyText(money: Money, separator = "."): string {
  assertMoney(money);
  return decimalText(money.minor, minorDigits(money.currency), separator);
}

/** Throws unless the money is in `currency` and above zero: each rail moves one currency. */
export function assertCurrency(money: Money, currency: string, rail: string): void {
  assertMoney(money);
  if (money.currency !== currency)
    throw new RangeError(`${rail} moves ${currency} only, not ${money.currency}.`);
  if (money.minor === 0) throw new RangeError(`${rail}: the amount must be above zero.`);
}
