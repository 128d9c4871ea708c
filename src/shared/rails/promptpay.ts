import { type EmvField, emvAmount, emvPayload } from "./emv";
import { assertCurrency, type Money } from "./money";

/**
 * PromptPay (Thailand): the Thai QR Code for credit transfers, an EMV merchant-presented payload
 * (./emv.ts) with PromptPay's template at ID 29, per the Bank of Thailand's "Thai QR Code –
 * Payment Standard" (credit transfer with PromptPay ID):
 *
 * - 29/00 the application ID "A000000677010111"; 29/01 a mobile number written 0066 + the nine
 *   national digits without their leading 0 (13 characters); or 29/02 a 13-digit national ID or
 *   tax ID.
 * - 58 "TH", 53 "764" (THB), 54 the amount with two decimals.
 * - 01 "11" for a reusable code, "12" for one with a fixed amount.
 *
 * The objects are written in the order of dtinth/promptpay-qr (00, 01, 29, 58, 53, 54, 63), the
 * library behind promptpay.io, so its published test payloads are reproduced byte for byte; EMV
 * lets the objects between 00 and 63 come in any order.
 */

export type PromptPayProxy = { type: "mobile"; value: string } | { type: "id"; value: string };

/** The Thai ID check digit: 11 − (Σ digit × weight 13…2) mod 11, last digit of that. */
export function isValidThaiId(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/**
 * A PromptPay proxy from what a person typed: a Thai mobile number (0 then 6, 8 or 9 and eight
 * more digits; +66 or 0066 accepted) or a 13-digit national ID / tax ID whose check digit is
 * right; dashes and spaces are ignored. Null for anything else.
 */
export function parsePromptPayProxy(input: string): PromptPayProxy | null {
  const text = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const national = text.startsWith("+66")
    ? `0${digits.slice(2)}`
    : digits.startsWith("0066")
      ? `0${digits.slice(4)}`
      : digits;
  if (/^0[689]\d{8}$/.test(national) && !(text.startsWith("+") && !text.startsWith("+66")))
    return { type: "mobile", value: `0066${national.slice(1)}` };
  if (!text.startsWith("+") && isValidThaiId(digits)) return { type: "id", value: digits };
  return null;
}

export type PromptPayPayloadInput = {
  proxy: PromptPayProxy;
  /** In THB; absent, the payer types the amount. */
  amount?: Money;
};

export function promptPayPayload({ proxy, amount }: PromptPayPayloadInput): string {
  if (!/^\d{13}$/.test(proxy.value) || (proxy.type === "mobile" && !proxy.value.startsWith("0066")))
    throw new RangeError(`Not a PromptPay ${proxy.type} proxy: ${proxy.value}.`);
  if (amount) assertCurrency(amount, "THB", "PromptPay");
  const fields: EmvField[] = [
    ["00", "01"],
    ["01", amount ? "12" : "11"],
    [
      "29",
      [
        ["00", "A000000677010111"],
        [proxy.type === "mobile" ? "01" : "02", proxy.value],
      ],
    ],
    ["58", "TH"],
    ["53", "764"],
  ];
  if (amount) fields.push(["54", emvAmount(amount)]);
  return emvPayload(fields);
}
