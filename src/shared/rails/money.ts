import { currencyDigits, decimalText } from "../currency";

/**
 * Money as the rails take it: whole minor units and an ISO 4217 code ({ minor: 1250, currency:
 * "EUR" } is €12.50). Every amount a rail writes is decimal text made from those digits by string
 * slicing, never by binary floating point (docs/product.md#decisions-the-brief-left-open).
 */
export type Money = { readonly minor: number; readonly currency: string };

/** The digits and the slicing are the app's own (shared/currency.ts): one definition of money. */
export { currencyDigits, decimalText };

/** Throws unless `money` is a whole, non-negative, safe number of minor units in an upper-case ISO code. */
export function assertMoney(money: Money): void {
  if (!Number.isSafeInteger(money.minor) || money.minor < 0)
    throw new RangeError(`Minor units must be a whole number of at least 0, not ${money.minor}.`);
  if (!/^[A-Z]{3}$/.test(money.currency))
    throw new RangeError(`"${money.currency}" is not an ISO 4217 code.`);
}

/** The amount in its currency's own digits: { 1250, "EUR" } → "12.50", { 1500, "JPY" } → "1500". */
export function moneyText(money: Money, separator = "."): string {
  assertMoney(money);
  return decimalText(money.minor, currencyDigits(money.currency), separator);
}

/** Throws unless the money is in `currency` and above zero: each rail moves one currency. */
export function assertCurrency(money: Money, currency: string, rail: string): void {
  assertMoney(money);
  if (money.currency !== currency)
    throw new RangeError(`${rail} moves ${currency} only, not ${money.currency}.`);
  if (money.minor === 0) throw new RangeError(`${rail}: the amount must be above zero.`);
}
