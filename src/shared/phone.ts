/** US phone numbers: stored and sent as 10 digits, shown as (xxx) xxx-xxxx (spec §5, §9). */

export const PHONE_INPUT_MAX_LENGTH = 14;

/** The 10 national digits of a US number written any common way ("+1 212.555.0101"), or null. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Live input formatting: keeps at most 10 digits and formats as the user types. */
export function formatPhoneInput(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.length > 10 && digits.startsWith("1")) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Display form of stored digits; anything that is not 10 digits is shown as it is. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? formatPhoneInput(digits) : digits;
}
