import { assertMoney, type Money, moneyText } from "./money";

/**
 * The EMV merchant-presented QR payload that Pix (Brazil), PayNow (Singapore) and PromptPay
 * (Thailand) share: "EMV® QR Code Specification for Payment Systems (EMV QRCPS) –
 * Merchant-Presented Mode", EMVCo, version 1.1.
 *
 * - Every data object is ID (two digits) + length (two digits, the number of characters of the
 *   value, 01–99) + value; a template's value is itself a run of data objects.
 * - The Payload Format Indicator (ID "00", value "01") comes first and the CRC (ID "63") last;
 *   the objects between may come in any order.
 * - The CRC is CRC-16/CCITT-FALSE as ISO/IEC 13239 defines it (polynomial 0x1021, initial value
 *   0xFFFF, no reflection, no final XOR), computed over the whole payload including the CRC's own
 *   ID and length ("6304"), written as four upper-case hex digits.
 */

/** One data object: an ID and either a value or the data objects of a template. */
export type EmvField = readonly [id: string, value: string | readonly EmvField[]];

/** ID + length + value; throws when the ID is not two digits or the value is empty or over 99 characters. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`EMV data object IDs are two digits, not "${id}".`);
  const length = [...value].length;
  if (length < 1 || length > 99)
    throw new RangeError(`EMV data object ${id} holds 1 to 99 characters, not ${length}.`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

/** The data objects written in the order given, templates nested. */
export function emvObjects(fields: readonly EmvField[]): string {
  return fields.map(([id, value]) => tlv(id, typeof value === "string" ? value : emvObjects(value))).join("");
}

const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
    table[byte] = crc & 0xffff;
  }
  return table;
})();

/**
 * CRC-16/CCITT-FALSE of the text's UTF-8 bytes, four upper-case hex digits. Its check value (the
 * CRC of "123456789") is 29B1.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ byte) & 0xff] as number);
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** A whole payload: the data objects, then "6304" and the CRC over everything before it. */
export function emvPayload(fields: readonly EmvField[]): string {
  if (fields[0]?.[0] !== "00" || fields[0][1] !== "01")
    throw new RangeError('An EMV payload starts with the Payload Format Indicator "000201".');
  if (fields.some(([id]) => id === "63")) throw new RangeError("The CRC (ID 63) is added by emvPayload.");
  const body = `${emvObjects(fields)}6304`;
  return `${body}${crc16(body)}`;
}

/**
 * The data objects of a payload or template, one level deep, in order; null when the text is not
 * a clean run of ID + length + value.
 */
export function readEmv(text: string): [id: string, value: string][] | null {
  const chars = [...text];
  const objects: [string, string][] = [];
  let at = 0;
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join("");
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    if (length === 0 || at + 4 + length > chars.length) return null;
    objects.push([head.slice(0, 2), chars.slice(at + 4, at + 4 + length).join("")]);
    at += 4 + length;
  }
  return objects;
}

/** True when the payload ends in "6304" and a CRC that matches everything before it. */
export function hasValidCrc(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/su.exec(payload);
  return match !== null && crc16(match[1] as string) === match[2];
}

/**
 * The Transaction Amount (ID "54"): the amount with a point and its currency's digits
 * ("12.50"); at most 13 characters.
 */
export function emvAmount(money: Money): string {
  assertMoney(money);
  const text = moneyText(money);
  if (text.length > 13) throw new RangeError(`An EMV amount has at most 13 characters: ${text}.`);
  return text;
}
