import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from "ibantools";
import { assertCurrency, decimalText, type Money } from "./money";
import { singleLine, truncate } from "./text";

/**
 * SEPA credit transfers: IBAN and BIC (checked by ibantools), ISO 11649 creditor references, and
 * the EPC QR code ("GiroCode", "Zahlen mit Code"): European Payments Council, EPC069-12 "Quick
 * Response Code: Guidelines to Enable the Data Capture for the Initiation of a SEPA Credit
 * Transfer", version 2.1 / 3.0, the data element table:
 *
 *  1 Service Tag "BCD"                         7 IBAN of the beneficiary (≤ 34)
 *  2 Version "002" (BIC optional in the EEA)   8 Amount: "EUR" + 0.01 … 999999999.99
 *  3 Character set "1" = UTF-8                 9 Purpose (4 characters, ISO 20022 purpose code)
 *  4 Identification "SCT"                     10 Structured remittance: creditor reference (≤ 35)
 *  5 BIC of the beneficiary bank (8 or 11)    11 Unstructured remittance (≤ 140)
 *  6 Name of the beneficiary (≤ 70)           12 Beneficiary to originator information (≤ 70)
 *
 * Elements are separated by a line feed; 10 and 11 exclude each other; nothing follows the last
 * element that has a value; the whole payload is at most 331 bytes; the code is drawn with
 * error correction level M.
 */

/** The QR error correction level EPC069-12 requires. */
export const EPC_ERROR_CORRECTION = "M";

/** The IBAN in electronic form ("DE89370400440532013000") when it is valid, otherwise null. */
export function parseIban(input: string): string | null {
  const iban = electronicFormatIBAN(input.trim());
  return iban && isValidIBAN(iban) ? iban : null;
}

/** The IBAN in groups of four, as printed on paper: "DE89 3704 0044 0532 0130 00". */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(electronicFormatIBAN(iban) ?? iban) ?? iban;
}

/** Whether the IBAN's country is in the SEPA scheme, so an EPC QR code can pay it. */
export function isSepaIban(iban: string): boolean {
  return parseIban(iban) !== null && isSEPACountry(iban.slice(0, 2));
}

/** The BIC in upper case without spaces when it is valid (8 or 11 characters), otherwise null. */
export function parseBic(input: string): string | null {
  const bic = input.replace(/\s/g, "").toUpperCase();
  return isValidBIC(bic) ? bic : null;
}

/**
 * An ISO 11649 creditor reference ("RF18 5390 0754 7034"): "RF", two check digits, up to 21
 * letters and digits; valid when, moved to the end with letters as numbers (A = 10 … Z = 35),
 * it leaves 1 modulo 97. Returns it without spaces, upper case, or null.
 */
export function parseCreditorReference(input: string): string | null {
  const ref = input.replace(/\s/g, "").toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return null;
  const numeric = [...`${ref.slice(4)}${ref.slice(0, 4)}`]
    .map((c) => (c >= "A" ? String(c.charCodeAt(0) - 55) : c))
    .join("");
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? ref : null;
}

export type EpcPayloadInput = {
  /** Name of the beneficiary: one line, at most 70 characters. */
  name: string;
  iban: string;
  bic?: string | null;
  /** In EUR, 0.01 to 999,999,999.99; absent, the payer types the amount. */
  amount?: Money;
  /** ISO 20022 purpose code, four letters (e.g. "GDDS"). */
  purpose?: string | null;
  /** ISO 11649 creditor reference; when given, `remittance` must be absent. */
  reference?: string | null;
  /** Unstructured remittance information shown to the payer: one line, at most 140 characters. */
  remittance?: string | null;
  /** Beneficiary to originator information: one line, at most 70 characters. */
  information?: string | null;
};

const MAX_BYTES = 331;
const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * The EPC QR payload, version 002 in UTF-8. Free text is made one line and cut to its element's
 * length; when the whole would pass 331 bytes (long non-Latin text), the information element goes
 * first, then the remittance text is shortened, then the name.
 */
export function epcPayload(input: EpcPayloadInput): string {
  const iban = parseIban(input.iban);
  if (!iban || !isSEPACountry(iban.slice(0, 2)))
    throw new RangeError(`Not an IBAN of the SEPA scheme: ${input.iban}.`);
  const bic = input.bic ? parseBic(input.bic) : "";
  if (bic === null) throw new RangeError(`Not a BIC: ${input.bic}.`);
  let amount = "";
  if (input.amount) {
    assertCurrency(input.amount, "EUR", "An EPC QR code");
    if (input.amount.minor > 99_999_999_999)
      throw new RangeError("An EPC QR amount is at most EUR 999999999.99.");
    amount = `EUR${decimalText(input.amount.minor, 2)}`;
  }
  const purpose = input.purpose?.trim().toUpperCase() ?? "";
  if (purpose && !/^[A-Z0-9]{4}$/.test(purpose))
    throw new RangeError(`Not a purpose code: ${input.purpose}.`);
  const reference = input.reference ? parseCreditorReference(input.reference) : "";
  if (reference === null) throw new RangeError(`Not an ISO 11649 creditor reference: ${input.reference}.`);
  let remittance = truncate(singleLine(input.remittance ?? ""), 140);
  if (reference && remittance) throw new RangeError("An EPC QR code holds a reference or a text, not both.");
  let name = truncate(singleLine(input.name), 70);
  if (!name) throw new RangeError("An EPC QR code needs the beneficiary's name.");
  let information = truncate(singleLine(input.information ?? ""), 70);

  const build = () => {
    const lines = [
      "BCD",
      "002",
      "1",
      "SCT",
      bic,
      name,
      iban,
      amount,
      purpose,
      reference,
      remittance,
      information,
    ];
    while (lines.at(-1) === "") lines.pop();
    return lines.join("\n");
  };
  let payload = build();
  if (bytes(payload) > MAX_BYTES) information = "";
  payload = build();
  while (bytes(payload) > MAX_BYTES && remittance) {
    remittance = [...remittance].slice(0, -1).join("").trimEnd();
    payload = build();
  }
  while (bytes(payload) > MAX_BYTES) {
    name = [...name].slice(0, -1).join("").trimEnd();
    payload = build();
  }
  return payload;
}
