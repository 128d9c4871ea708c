import { assertMoney, currencyDigits, decimalText, type Money } from "./money";

/**
 * PayPal.Me: https://paypal.me/{username}/{amount}{CURRENCY}. The currency code after the amount
 * keeps PayPal from choosing a currency from the payer's country (docs/pay-buttons.md#paypal);
 * a code PayPal does not take falls back to US dollars, so only the codes below are offered.
 *
 * Currencies: PayPal Developer, "PayPal Supported Currencies" (developer.paypal.com, reports
 * reference, and the REST API's "Currency codes"), 24 currencies. There HUF, JPY and TWD are
 * zero-digit ("no decimal places or fractions"; a decimal amount is an error), although ISO 4217
 * gives HUF and TWD two; BRL, CNY and MYR are "supported as a payment currency … only for
 * in-country PayPal accounts" (a payer abroad pays in their own currency, converted). PayPal has
 * not offered INR payments inside India since 1 April 2021.
 *
 * Usernames: "only alphanumeric characters (A–Z, 0–9) … up to 20 characters", case-insensitive
 * (PayPal Help, "How do I set up my PayPal.Me link?"), the rule providers.ts enforces too.
 */

/** Each PayPal currency and the digits PayPal takes in its amounts. */
export const PAYPAL_CURRENCIES: Readonly<Record<string, { digits: number; inCountryOnly?: true }>> = {
  AUD: { digits: 2 },
  BRL: { digits: 2, inCountryOnly: true },
  CAD: { digits: 2 },
  CHF: { digits: 2 },
  CNY: { digits: 2, inCountryOnly: true },
  CZK: { digits: 2 },
  DKK: { digits: 2 },
  EUR: { digits: 2 },
  GBP: { digits: 2 },
  HKD: { digits: 2 },
  HUF: { digits: 0 },
  ILS: { digits: 2 },
  JPY: { digits: 0 },
  MXN: { digits: 2 },
  MYR: { digits: 2, inCountryOnly: true },
  NOK: { digits: 2 },
  NZD: { digits: 2 },
  PHP: { digits: 2 },
  PLN: { digits: 2 },
  SEK: { digits: 2 },
  SGD: { digits: 2 },
  THB: { digits: 2 },
  TWD: { digits: 0 },
  USD: { digits: 2 },
};

export function paypalTakes(currency: string): boolean {
  return Object.hasOwn(PAYPAL_CURRENCIES, currency);
}

/**
 * The amount as PayPal.Me takes it ("25.50", "1500" for yen), or null when PayPal cannot take it:
 * a currency it does not list, or a fraction of a unit PayPal has no decimals for (1,500.50 HUF).
 */
export function paypalAmount(money: Money): string | null {
  assertMoney(money);
  const paypal = PAYPAL_CURRENCIES[money.currency];
  if (!paypal || money.minor === 0) return null;
  const [whole, fraction = ""] = decimalText(money.minor, currencyDigits(money.currency)).split(".");
  // ISO has more digits than PayPal (HUF, TWD): the ones PayPal lacks must be zeros.
  if (/[1-9]/.test(fraction.slice(paypal.digits))) return null;
  const kept = fraction.slice(0, paypal.digits);
  return kept ? `${whole}.${kept}` : `${whole}`;
}

/** The PayPal.Me username from what a person typed or pasted ("paypal.me/Robin", "https://www.paypal.me/robin/5"), or null. */
export function parsePayPalUsername(input: string): string | null {
  const bare = input.trim().replace(/^https?:\/\//i, "");
  const link = /^(?:www\.)?paypal\.me\//i.exec(bare);
  if (!link && /[/:]/.test(bare)) return null;
  const text = link ? bare.slice(link[0].length) : bare.replace(/^@/, "");
  const username = text.split(/[/?#]/)[0] ?? "";
  return /^[A-Za-z0-9]{1,20}$/.test(username) ? username : null;
}

/** https://paypal.me/robin/25.50USD; throws when paypalAmount would return null. */
export function paypalLink({ username, amount }: { username: string; amount: Money }): string {
  if (!/^[A-Za-z0-9]{1,20}$/.test(username)) throw new RangeError(`Not a PayPal.Me username: ${username}.`);
  const text = paypalAmount(amount);
  if (text === null)
    throw new RangeError(`PayPal.Me cannot ask for ${amount.minor} minor units of ${amount.currency}.`);
  return `https://paypal.me/${username}/${text}${amount.currency}`;
}
