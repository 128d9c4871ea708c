import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { INTERNATIONAL_PHONE_MESSAGES } from "./messages";
import { checkUsMobile, type MobileCheck } from "./phone";

/**
 * Mobile numbers outside the US: written the way people of the account's country write them
 * ("0151 2345 6789" in Germany, "+49 151 23456789" anywhere), checked against libphonenumber's
 * mobile metadata, stored and texted in E.164 ("+4915123456789"). A US account keeps the spec's
 * 10-digit rules and messages (phone.ts); this module, with its 98 KB of metadata, is loaded only
 * where another country is at stake.
 */

/** What a person may type around the digits: a leading +, spaces, dots, dashes, brackets, slashes. */
const ALLOWED = /^\+?[\d\s()[\]./-]*$/;

/**
 * The number as stored for an account of `country` (ISO 3166-1 alpha-2): a US account through
 * the spec's rules (phone.ts checkUsMobile), any other as an E.164 mobile number, its country's
 * own way of writing understood without the +.
 */
export function checkMobile(input: string, country: string): MobileCheck {
  if (country === "US") return checkUsMobile(input);
  const text = input.trim();
  if (!ALLOWED.test(text) || !/\d/.test(text))
    return { ok: false, message: INTERNATIONAL_PHONE_MESSAGES.invalid };
  // "00" is the international prefix in most of the world: "0049 151 …" is "+49 151 …".
  const written = text.startsWith("00") ? `+${text.slice(2)}` : text;
  const number = parsePhoneNumberFromString(
    written,
    country as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  if (!number?.isPossible()) return { ok: false, message: INTERNATIONAL_PHONE_MESSAGES.invalid };
  // The mobile metadata only knows mobile ranges: a valid-looking landline is not valid here.
  if (!number.isValid()) return { ok: false, message: INTERNATIONAL_PHONE_MESSAGES.notMobile };
  return { ok: true, stored: number.number };
}

/** An E.164 number as people read it: "+49 151 23456789". */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
