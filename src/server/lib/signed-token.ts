import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links that work without signing in carry a signed token: `<payload>.<mac>`, the MAC an
 * HMAC-SHA256 of the purpose and the payload under the server's secret. The purpose binds a token
 * to one use (a "stop mail" token is not an unsubscribe token). The payload is readable (it names
 * ids, never an address or a password); the MAC is what cannot be forged.
 */
/** 128 bits of the HMAC: past guessing, and short enough for a link's path segment (Fastify takes 100 characters). */
const MAC_LENGTH = 22;

function mac(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", secret)
    .update(`${purpose}\0${payload}`)
    .digest("base64url")
    .slice(0, MAC_LENGTH);
}

export function signToken(secret: string, purpose: string, payload: string): string {
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The payload a token carries when its MAC holds for `purpose`, or null. */
export function readToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot < 1 || token.length - dot - 1 !== MAC_LENGTH) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, payload));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
}
