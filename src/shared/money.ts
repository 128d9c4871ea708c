/**
 * Money as decimal text ("25.50"), never binary floating point (docs/product.md#decisions-the-brief-left-open).
 * Amounts are USD, > 0 and ≤ 1,000,000.00, with at most 2 decimals.
 */

export const MAX_AMOUNT_CENTS = 100_000_000;

/** Whole cents of decimal text such as "25", "25.5", "25.50"; null for anything else ("1e3", "-1", "NaN"). */
export function parseCents(input: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
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

/** "$1,234.50" from decimal text; text that is not an amount is shown as it is. */
export function formatMoney(amount: string): string {
  const cents = parseCents(amount);
  if (cents === null) return `$${amount}`;
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Sum of decimal amounts, exact (integer cents). */
export function sumAmounts(amounts: string[]): string {
  return centsToAmount(amounts.reduce((total, a) => total + (parseCents(a) ?? 0), 0));
}
