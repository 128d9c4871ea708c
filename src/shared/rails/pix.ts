import { type EmvField, emvAmount, emvPayload } from "./emv";
import { assertCurrency, type Money } from "./money";
import { asciiFold, truncate } from "./text";

/**
 * Pix (Brazil): keys and the static BR Code ("Pix copia e cola").
 *
 * Sources:
 * - Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix", the BR Code chapter and
 *   its static QR example (key 123e4567-e12b-12d1-a456-426655440000, "Fulano de Tal",
 *   "BRASILIA", CRC 1D3D), and BCB's "Manual do BR Code" for the field table. The example is
 *   quoted byte for byte by the tests of many open-source Pix libraries; its CRC was recomputed
 *   independently (Python's binascii.crc_hqx with initial value 0xFFFF) before it was used here.
 * - EMV QRCPS Merchant-Presented Mode v1.1 for the TLV layout and the CRC (./emv.ts).
 * - Keys as DICT registers them: e-mail (at most 77 characters), mobile phone in E.164 (+55),
 *   CPF (11 digits), CNPJ (14 characters) and the random key ("chave aleatória", a UUID v4).
 * - CPF and CNPJ check digits: modulo 11. Since July 2026 a CNPJ may hold letters in its first
 *   twelve places (Receita Federal, Nota Técnica conjunta COCAD/SUARA/RFB nº 49/2024); each
 *   character then counts as its ASCII code minus 48, which leaves numeric CNPJs unchanged.
 *   The note's example is 12.ABC.345/01DE-35.
 */

export type PixKeyType = "email" | "phone" | "cpf" | "cnpj" | "random";
export type PixKey = { type: PixKeyType; key: string };

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Modulo-11 check digit over `values` with weights 2, 3, … from the right, wrapping after `maxWeight`. */
function mod11(values: number[], maxWeight: number): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += (values[values.length - 1 - i] as number) * ((i % (maxWeight - 1)) + 2);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF of 11 digits whose two check digits are right; 111.111.111-11 and the like are refused. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const values = [...digits].map(Number);
  const first = mod11(values.slice(0, 9), 11);
  const second = mod11([...values.slice(0, 9), first], 11);
  return values[9] === first && values[10] === second;
}

/** A CNPJ of 14 characters (twelve digits or capital letters, then two check digits) whose check digits are right. */
export function isValidCnpj(chars: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  const values = [...chars].map((c) => c.charCodeAt(0) - 48);
  const first = mod11(values.slice(0, 12), 9);
  const second = mod11([...values.slice(0, 12), first], 9);
  return values[12] === first && values[13] === second;
}

/**
 * The Pix key a person typed, normalised as DICT holds it, or null when it is none of the five
 * kinds. A phone needs its "+55": eleven bare digits are a CPF (the two would otherwise be
 * ambiguous), and a CPF or CNPJ may be written with its dots, slash and dash.
 */
export function parsePixKey(input: string): PixKey | null {
  const text = input.trim();
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return email.length <= 77 && EMAIL.test(email) ? { type: "email", key: email } : null;
  }
  if (UUID_V4.test(text.toLowerCase())) return { type: "random", key: text.toLowerCase() };
  if (text.startsWith("+")) {
    if (!/^\+[\d\s().-]+$/.test(text)) return null;
    const digits = text.replace(/\D/g, "");
    // +55, a two-digit area code (11–99, no zero), then a nine-digit mobile number starting with 9.
    return /^55[1-9]{2}9\d{8}$/.test(digits) ? { type: "phone", key: `+${digits}` } : null;
  }
  if (/^[\d.\s-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length === 11) return isValidCpf(digits) ? { type: "cpf", key: digits } : null;
  }
  if (/^[0-9A-Za-z./\s-]+$/.test(text)) {
    const chars = text.replace(/[./\s-]/g, "").toUpperCase();
    if (chars.length === 14) return isValidCnpj(chars) ? { type: "cnpj", key: chars } : null;
  }
  return null;
}

export type PixPayloadInput = {
  /** The receiver's Pix key as DICT holds it (parsePixKey). */
  key: string;
  /** Merchant Name (ID 59): folded to ASCII, at most 25 characters. */
  merchantName: string;
  /** Merchant City (ID 60): folded to ASCII, at most 15 characters. */
  merchantCity: string;
  /** In BRL; absent, the payer types the amount. */
  amount?: Money;
  /** Shown to the payer (ID 26, sub-ID 02): folded to ASCII and cut to what fits the template's 99 characters. */
  description?: string | null;
  /** Transaction ID of a static code (ID 62, sub-ID 05): up to 25 letters and digits; "***" when none. */
  txid?: string;
};

const GUI = "br.gov.bcb.pix";

/**
 * The static BR Code: 00 "01"; 26 (GUI br.gov.bcb.pix, the key, the description); 52 "0000";
 * 53 "986" (BRL); 54 the amount when given; 58 "BR"; 59 name; 60 city; 62 with 05 txid; 63 CRC.
 * It carries no Point of Initiation Method (ID 01), like BCB's static example: "12" is for the
 * dynamic, single-use codes whose data a PSP serves from a URL.
 */
export function pixPayload(input: PixPayloadInput): string {
  const key = input.key.trim();
  if (key.length === 0 || key.length > 77) throw new RangeError("A Pix key has 1 to 77 characters.");
  const txid = input.txid ?? "***";
  if (txid !== "***" && !/^[A-Za-z0-9]{1,25}$/.test(txid))
    throw new RangeError('A static Pix txid is "***" or up to 25 letters and digits.');
  const name = asciiFold(input.merchantName, 25);
  const city = asciiFold(input.merchantCity, 15);
  if (!name || !city) throw new RangeError("Pix needs the receiver's name and city.");
  if (input.amount) assertCurrency(input.amount, "BRL", "Pix");

  const account: EmvField[] = [
    ["00", GUI],
    ["01", key],
  ];
  // The template holds at most 99 characters: 18 for the GUI, 4 + key, 4 + description.
  const room = 99 - (4 + GUI.length) - (4 + key.length) - 4;
  const description = room > 0 ? truncate(asciiFold(input.description ?? "", 99), room) : "";
  if (description) account.push(["02", description]);

  const fields: EmvField[] = [
    ["00", "01"],
    ["26", account],
    ["52", "0000"],
    ["53", "986"],
  ];
  if (input.amount) fields.push(["54", emvAmount(input.amount)]);
  fields.push(["58", "BR"], ["59", name], ["60", city], ["62", [["05", txid]]]);
  return emvPayload(fields);
}
