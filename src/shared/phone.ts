import { type MetadataJson, parsePhoneNumberFromString } from "libphonenumber-js/core";
import { PHONE_MESSAGES } from "./messages";
import nanpMetadata from "./phone-metadata.json";

/**
 * US mobile numbers: checked against libphonenumber's mobile metadata, stored and sent as 10
 * digits, shown as (xxx) xxx-xxxx (docs/decisions/005). Only the +1 part of the metadata is
 * shipped (phone-metadata.json, 5 KB instead of 98 KB), so every screen can afford it.
 */
const metadata = nanpMetadata as unknown as MetadataJson;

export const PHONE_INPUT_MAX_LENGTH = 14;

/** The US and its territories share +1 and are texted like any US number; Canada and the Caribbean are not. */
const US_REGIONS = new Set(["US", "PR", "VI", "GU", "AS", "MP"]);

/** NXX-NXX-XXXX with N = 2-9, and no N11 service code as area code or exchange. */
const NANP_SHAPE = /^[2-9](?!11)\d\d[2-9](?!11)\d\d\d{4}$/;

/** What a person may type around the digits: a leading +, spaces, dots, dashes, brackets. */
const ALLOWED = /^\+?[\d\s()[\].-]*$/;

export type PhoneCheck = { ok: true; digits: string } | { ok: false; message: string };

/** Another country's number written with + or an international prefix (00, 011). */
function isForeign(text: string, digits: string): boolean {
  return text.startsWith("+") ? !digits.startsWith("1") : digits.length > 10 && /^0(0|11)/.test(digits);
}

/** The 10 national digits of a US mobile number written any common way, or why it is refused. */
export function checkPhone(input: string): PhoneCheck {
  const text = input.trim();
  const digits = text.replace(/\D/g, "");
  if (!ALLOWED.test(text) || digits === "") return { ok: false, message: PHONE_MESSAGES.invalid };
  if (isForeign(text, digits)) return { ok: false, message: PHONE_MESSAGES.notUs };
  const national =
    text.startsWith("+") || (digits.length === 11 && digits.startsWith("1")) ? digits.slice(1) : digits;
  if (!NANP_SHAPE.test(national)) return { ok: false, message: PHONE_MESSAGES.invalid };
  const number = parsePhoneNumberFromString(`+1${national}`, metadata);
  if (!number?.isValid()) return { ok: false, message: PHONE_MESSAGES.invalid };
  if (!number.country || !US_REGIONS.has(number.country)) return { ok: false, message: PHONE_MESSAGES.notUs };
  return { ok: true, digits: national };
}

/** What is stored for a recipient: 10 national digits for a US account, E.164 for any other. */
export type MobileCheck = { ok: true; stored: string } | { ok: false; message: string };

/** A US mobile number as stored (its 10 digits), or why not (phone-international.ts for any other). */
export function checkUsMobile(input: string): MobileCheck {
  const checked = checkPhone(input);
  return checked.ok ? { ok: true, stored: checked.digits } : checked;
}

/** The 10 national digits of a valid US mobile number ("+1 212.555.0101"), or null. */
export function normalizePhone(input: string): string | null {
  const checked = checkPhone(input);
  return checked.ok ? checked.digits : null;
}

function groupNational(d: string): string {
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * The typed digits (with a leading + kept) as shown, and how many of them were dropped from the
 * front (a +1 or 1 once the 10 national digits are all there). More than 10 national digits are
 * shown unformatted, never cut, so the check can say what is wrong.
 */
function layout(sig: string): { text: string; dropped: number } {
  if (sig === "" || sig === "+") return { text: sig, dropped: 0 };
  const prefix = sig.startsWith("+1") ? "+1" : sig.startsWith("1") ? "1" : "";
  const national = sig.slice(prefix.length);
  if (national.length > 10) return { text: sig, dropped: 0 };
  if (national.length === 10) return { text: groupNational(national), dropped: prefix.length };
  if (national === "") return { text: sig, dropped: 0 };
  return { text: `${prefix ? `${prefix} ` : ""}${groupNational(national)}`, dropped: 0 };
}

const significantOf = (text: string) =>
  (text.trimStart().startsWith("+") ? "+" : "") + text.replace(/\D/g, "");

/**
 * Live formatting of the phone input, keeping the caret beside the same digit when editing in
 * the middle. Another country's number (+ and not 1) is left as typed, to be refused plainly
 * rather than turned into a US number.
 */
export function formatPhoneEdit(input: string, caret = input.length): { text: string; caret: number } {
  const sig = significantOf(input);
  if (sig.startsWith("+") && sig.length > 1 && !sig.startsWith("+1")) {
    const text = input.replace(/[^\d\s()[\].+-]/g, "").trimStart();
    const removed = input.length - text.length;
    return { text, caret: Math.max(0, Math.min(text.length, caret - removed)) };
  }
  const before = significantOf(input.slice(0, caret)).length;
  const { text, dropped } = layout(sig);
  const wanted = Math.max(0, before - dropped);
  if (wanted === 0) return { text, caret: 0 };
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[\d+]/.test(text[i] as string)) seen += 1;
    if (seen === wanted) return { text, caret: i + 1 };
  }
  return { text, caret: text.length };
}

/** Live input formatting, as the user types or pastes. */
export function formatPhoneInput(input: string): string {
  return formatPhoneEdit(input).text;
}

/** Display form of stored digits; anything that is not 10 digits is shown as it is. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? groupNational(digits) : digits;
}
