import { assertCurrency, decimalText, type Money } from "./money";
import { percentEncode, singleLine, truncate } from "./text";

/**
 * Swish (Sweden).
 *
 * The QR code is Swish's published prefilled format, "C" + payee;amount;message;lock (Getswish,
 * "Guide Swish QR code specification", QR-code API manual §6 "QR code encoding specification",
 * 6.1 "Swish C2B"):
 * - "C" is the required prefix; the amount is in SEK with 2 decimals and a decimal comma; the
 *   message is URL-encoded; empty strings leave a parameter out.
 * - The lock mask is the decimal value of a bit mask, payee bit 0, amount bit 1, message bit 2,
 *   a set bit meaning the payer may edit it: "0" locks all three (also what an omitted mask means).
 * - The guide's example: a company (1237856901) invoicing 100 SEK with OCR number 12229445 is
 *   "C1237856901;100,00;12229445;0".
 *
 * On a phone, scanning is impossible, so the app link carries the same fields as JSON:
 * swish://payment?data={"version":1,"payee":{…},"amount":{…},"message":{…}}, the object shape of
 * the same manual's prefilled request (§4.1.2: value + editable for payee, amount and message).
 * Swish does not document this link itself; it is what Swish's own pages and many Swedish
 * services (e.g. charity directories) use to open the app prefilled. Choice: the QR code follows
 * the published "C" format (a desktop payer scans it), the link is offered only where the Swish
 * app is on the same device.
 *
 * Numbers: a private Swish number is the owner's Swedish mobile number (070, 072, 073, 076 or
 * 079 + 7 digits), written 46 + the number without its 0, as Swish's APIs write aliases
 * ("46712345678"); a business has a 10-digit number starting 123; a charity (90-konto) a 7-digit
 * number starting 90.
 */

/** The Swish number as Swish writes it, or null: "46701234567", "1231181189", "9001234". */
export function parseSwishNumber(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const written = text.replace(/\D/g, "");
  if (/^123\d{7}$/.test(written) && !text.startsWith("+")) return written;
  if (/^90\d{5}$/.test(written) && !text.startsWith("+")) return written;
  // "00" is the international prefix: 0046 70… is +46 70….
  const digits = written.startsWith("0046") ? written.slice(2) : written;
  const national = digits.startsWith("46") ? `0${digits.slice(2)}` : digits;
  if (text.startsWith("+") && !digits.startsWith("46")) return null;
  return /^07[02369]\d{7}$/.test(national) ? `46${national.slice(1)}` : null;
}

/**
 * A Swish message: one line of at most 50 characters from Swish's message alphabet (letters
 * a–ö, digits, space and !?=#$%&()*+,-./:;<'"@ plus the Latin-1 letters and ^¡¢£€¥¿§ŠšŽžŒœŸ, per
 * the Swish Commerce API's payment request `message`); other characters, such as emoji, are left out.
 */
export function swishMessage(text: string): string {
  const kept = singleLine(text).replace(
    /[^A-Za-z0-9 !?=#$%&()*+,\-./:;<'"@^\u00A1\u00A2\u00A3\u20AC\u00A5\u00BF\u00A7\u0160\u0161\u017D\u017E\u0152\u0153\u0178\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF]/g,
    "",
  );
  return truncate(kept.replace(/ {2,}/g, " ").trim(), 50);
}

export type SwishInput = {
  /** A Swish number as parseSwishNumber returns it. */
  payee: string;
  /** In SEK; absent, the payer types the amount. */
  amount?: Money;
  message?: string | null;
  /** What the payer may change; by default only what was not given (no amount: the payer types one). */
  editable?: { amount?: boolean; message?: boolean };
};

function checked(input: SwishInput) {
  if (parseSwishNumber(input.payee) !== input.payee)
    throw new RangeError(`Not a Swish number: ${input.payee}.`);
  if (input.amount) assertCurrency(input.amount, "SEK", "Swish");
  const message = swishMessage(input.message ?? "");
  const amountEditable = input.editable?.amount ?? !input.amount;
  const messageEditable = input.editable?.message ?? !message;
  return { message, amountEditable, messageEditable };
}

/** The QR payload: "C1231181189;100,00;Pizza;0". */
export function swishQrPayload(input: SwishInput): string {
  const { message, amountEditable, messageEditable } = checked(input);
  const amount = input.amount ? decimalText(input.amount.minor, 2, ",") : "";
  const mask = (amountEditable ? 2 : 0) + (messageEditable ? 4 : 0);
  return `C${input.payee};${amount};${percentEncode(message)};${mask}`;
}

/** The app link for a phone with Swish: swish://payment?data=<JSON, percent-encoded>. */
export function swishAppLink(input: SwishInput): string {
  const { message, amountEditable, messageEditable } = checked(input);
  // Written by hand so the amount's decimal text goes into the JSON as it is ("12.50"), never
  // through a binary floating-point number.
  const parts = [`"version":1`, `"payee":{"value":${JSON.stringify(input.payee)},"editable":false}`];
  if (input.amount)
    parts.push(`"amount":{"value":${decimalText(input.amount.minor, 2)},"editable":${amountEditable}}`);
  if (message) parts.push(`"message":{"value":${JSON.stringify(message)},"editable":${messageEditable}}`);
  return `swish://payment?data=${encodeURIComponent(`{${parts.join(",")}}`)}`;
}
