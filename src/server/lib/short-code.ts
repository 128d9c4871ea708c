import { randomInt } from "node:crypto";
import { SHORT_CODE_LENGTH } from "#shared/schemas/payment-request.ts";

/**
 * Base58 (no 0, O, I, l) plus "-" and "_": 60 symbols that survive being read aloud or retyped.
 * 9 symbols from 60 and a last one from the 58 alphanumerics (autolinkers may drop a trailing
 * "-"): 9·log2(60) + log2(58) ≈ 59.0 bits of entropy in 10 characters.
 */
const ALPHANUMERIC = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ALPHABET = `${ALPHANUMERIC}-_`;

/** A request's code; `length`: a "Request all" link's is one longer (BALANCE_CODE_LENGTH). */
export function newShortCode(length = SHORT_CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length - 1; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code + ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
}

export const SHORT_CODE_BITS =
  (SHORT_CODE_LENGTH - 1) * Math.log2(ALPHABET.length) + Math.log2(ALPHANUMERIC.length);
