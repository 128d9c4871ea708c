import { type EmvField, emvAmount, emvPayload } from "./emv";
import { assertCurrency, type Money } from "./money";
import { asciiFold } from "./text";

/**
 * PayNow (Singapore): the SGQR / PayNow QR, an EMV merchant-presented payload (./emv.ts) with
 * PayNow's merchant account template at ID 26, as the Association of Banks in Singapore's
 * "PayNow QR" specification lays it out (its field table is reproduced by the open generators,
 * e.g. ThunderQuoteTeam/PaynowQR and tingzhouu/sg-paynow-code):
 *
 * - 26/00 "SG.PAYNOW"; 26/01 proxy type, "0" mobile number, "2" UEN; 26/02 the proxy value
 *   (a mobile as +65XXXXXXXX); 26/03 "1" when the payer may edit the amount, "0" when not;
 *   26/04 an optional expiry date, YYYYMMDD.
 * - 52 "0000", 53 "702" (SGD: PayNow moves Singapore dollars only), 54 the amount with two
 *   decimals, 58 "SG", 59 the merchant name, 60 the city, 62/01 the bill number the payer's
 *   bank shows as the reference.
 * - 01 "11" for a code shown for many payments, "12" for one made for a single payment (EMV
 *   QRCPS MPM's Point of Initiation Method); a code with a fixed amount is the latter here.
 */

export type PayNowProxy = { type: "mobile"; value: string } | { type: "uen"; value: string };

/**
 * UEN shapes (ACRA): businesses "nnnnnnnnX" (8 digits + letter), local companies "yyyynnnnnX",
 * other entities "TyyPQnnnnX" (T/S/R + year + two-character entity type + 4 digits + letter);
 * a PayNow Corporate proxy may add a three-character suffix for a second account.
 */
const UEN = /^(?:\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z0-9]{2}\d{4}[A-Z])(?:[A-Z0-9]{3})?$/;

/**
 * A PayNow proxy from what a person typed: a Singapore mobile number (8 digits starting with 8
 * or 9, with or without +65) or a UEN; null for anything else.
 */
export function parsePayNowProxy(input: string): PayNowProxy | null {
  const text = input.trim();
  if (/^\+?[\d\s()-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    const national = digits.length === 10 && digits.startsWith("65") ? digits.slice(2) : digits;
    if (/^[89]\d{7}$/.test(national) && (text.startsWith("+") ? digits.startsWith("65") : true))
      return { type: "mobile", value: `+65${national}` };
    return null;
  }
  const uen = text.replace(/[\s-]/g, "").toUpperCase();
  return UEN.test(uen) ? { type: "uen", value: uen } : null;
}

export type PayNowPayloadInput = {
  proxy: PayNowProxy;
  /** In SGD; absent, the payer types the amount (and the code is editable). */
  amount?: Money;
  /** Whether the payer may change the amount; default: only when there is none. */
  editable?: boolean;
  /** Last day the code can be paid, YYYYMMDD. */
  expiry?: string;
  /** The bill number / reference (ID 62, sub-ID 01): folded to ASCII, at most 25 characters. */
  reference?: string | null;
  /** Merchant Name (ID 59): folded to ASCII, at most 25 characters; "NA" when none, as PayNow's own codes do. */
  merchantName?: string | null;
  /** Merchant City (ID 60); "Singapore" when none. */
  merchantCity?: string;
};

export function payNowPayload(input: PayNowPayloadInput): string {
  const { proxy, amount } = input;
  const valid = proxy.type === "mobile" ? /^\+65[89]\d{7}$/.test(proxy.value) : UEN.test(proxy.value);
  if (!valid) throw new RangeError(`Not a PayNow ${proxy.type} proxy: ${proxy.value}.`);
  if (amount) assertCurrency(amount, "SGD", "PayNow");
  if (input.expiry !== undefined && !/^\d{8}$/.test(input.expiry))
    throw new RangeError("A PayNow expiry date is YYYYMMDD.");
  const editable = input.editable ?? !amount;
  if (!amount && !editable)
    throw new RangeError("A PayNow code without an amount must let the payer type one.");

  const account: EmvField[] = [
    ["00", "SG.PAYNOW"],
    ["01", proxy.type === "mobile" ? "0" : "2"],
    ["02", proxy.value],
    ["03", editable ? "1" : "0"],
  ];
  if (input.expiry) account.push(["04", input.expiry]);

  const fields: EmvField[] = [
    ["00", "01"],
    ["01", amount ? "12" : "11"],
    ["26", account],
    ["52", "0000"],
    ["53", "702"],
  ];
  if (amount) fields.push(["54", emvAmount(amount)]);
  fields.push(
    ["58", "SG"],
    ["59", asciiFold(input.merchantName ?? "", 25) || "NA"],
    ["60", asciiFold(input.merchantCity ?? "", 15) || "Singapore"],
  );
  const reference = asciiFold(input.reference ?? "", 25);
  if (reference) fields.push(["62", [["01", reference]]]);
  return emvPayload(fields);
}
