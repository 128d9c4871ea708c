import { assertCurrency, decimalText, type Money } from "./money";
import { percentEncode, singleLine, truncate } from "./text";

/**
 * UPI (India): the payment link every UPI app opens, from NPCI's "UPI Linking Specifications"
 * (version 1.6, November 2017), §1.2 "Link Specification and Parameters" and §2 "Implementation
 * Samples":
 * - upi://pay?<name>=<value>&…, the values percent-encoded (the spec's sample writes
 *   "pn=nadeem%20chinna" and "tn=Pay%20to%20mystar%20store": spaces as %20, never "+").
 * - pa: the payee's VPA (mandatory); pn: the payee's name (mandatory); am: the amount in decimal
 *   (written here with its 2 decimals, "10.00"); cu: the currency, INR only; tn: a note.
 * - The same URL, drawn as a QR code, is the UPI QR (§2.2).
 *
 * A VPA (virtual payment address, the "UPI ID") is an alias, "@", then the PSP's handle:
 * "name@okaxis", "9876543210@ybl", "acct@HDFC0000001.ifsc.npci". NPCI publishes no grammar for
 * it; this module accepts letters, digits, ".", "-" and "_" in the alias (2–256 of them) and a
 * handle of letters and digits, dot-separated, starting with a letter, which covers every
 * published PSP handle and the IFSC form.
 */

const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}(?:\.[A-Za-z0-9]{1,63})*$/;

/** The UPI ID a person typed, trimmed, when it has the shape of one; otherwise null. */
export function parseUpiId(input: string): string | null {
  const vpa = input.trim();
  return VPA.test(vpa) ? vpa : null;
}

export type UpiLinkInput = {
  /** The payee's UPI ID (parseUpiId). */
  vpa: string;
  /** The payee's name as the payer should see it (pn): one line, at most 99 characters. */
  payeeName: string;
  /** In INR; absent, the payer types the amount. */
  amount?: Money;
  /** The transaction note (tn): one line, at most 50 characters. */
  note?: string | null;
};

/** RFC 3986 percent-encoding, spaces as %20; "@" stays as it is, as in the spec's pa=nadeem@npci. */
const encode = (value: string) => percentEncode(value).replaceAll("%40", "@");

/** upi://pay?pa=…&pn=…&am=…&cu=INR&tn=… */
export function upiLink({ vpa, payeeName, amount, note }: UpiLinkInput): string {
  if (parseUpiId(vpa) !== vpa) throw new RangeError(`Not a UPI ID: ${vpa}.`);
  const name = truncate(singleLine(payeeName), 99);
  if (!name) throw new RangeError("A UPI link needs the payee's name.");
  const params: [string, string][] = [
    ["pa", vpa],
    ["pn", name],
  ];
  if (amount) {
    assertCurrency(amount, "INR", "UPI");
    params.push(["am", decimalText(amount.minor, 2)]);
  }
  params.push(["cu", "INR"]);
  const tn = truncate(singleLine(note ?? ""), 50);
  if (tn) params.push(["tn", tn]);
  return `upi://pay?${params.map(([key, value]) => `${key}=${encode(value)}`).join("&")}`;
}
