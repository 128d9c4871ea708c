import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Every signature Collect makes with its secret, in one place: the links in email that work
 * without signing in (stop mail, unsubscribe, stop reminders), the known-device cookie, local
 * upload URLs and the owner tag in photo keys. Each use is a purpose with a key of its own,
 * derived from the secret (HKDF-SHA256, the purpose as its info), so a signature made for one
 * purpose never holds for another, whatever the payloads. A MAC is an HMAC-SHA256 of the message
 * under that key, in base64url, cut to the purpose's length, and compared in constant time.
 *
 * Rotation (docs/operations.md, "Rotating AUTH_SECRET"): new signatures use the current secret;
 * a signature holds under the current secret or the previous one (AUTH_SECRET_PREVIOUS), so links
 * already sent keep working until the previous secret is dropped.
 *
 * A token is `<payload>.<mac>`: the payload is readable (it names ids, never an address or a
 * password); the MAC is what cannot be forged.
 */

/** AUTH_SECRET and, while it is being rotated, the one before it (AUTH_SECRET_PREVIOUS). */
export type SigningKeys = { readonly current: string; readonly previous: string | null };
/** The keys, or one secret alone (no previous one). */
export type SigningSecret = string | SigningKeys;

export function signingKeys(current: string, previous?: string | null): SigningKeys {
  return { current, previous: previous && previous !== current ? previous : null };
}

type Purpose = {
  /** Characters of the MAC kept: 22 (132 bits, past guessing) where a link must stay short, 43 for all of it. */
  length: number;
  /**
   * How the message was signed before this module, with the secret itself as the key. Signatures
   * made so are still out there (links in mail already sent, device cookies, photo keys in
   * storage) and still hold, under either secret. Drop a purpose's entry once none can be shown.
   */
  legacy: (message: string) => string;
};

const PURPOSES = {
  /** "No more emails from Maria / from Collect" (mail/suppression.ts): `<requester>.<recipient hash>`. */
  "mail-stop": { length: 22, legacy: (message) => `mail-stop\0${message}` },
  /** A notification email's one-click unsubscribe (notifications/unsubscribe.ts): `<event>.<userId>`. */
  unsubscribe: {
    length: 43,
    legacy: (message) => {
      const dot = message.indexOf(".");
      return `collect-unsubscribe\0${message.slice(dot + 1)}\0${message.slice(0, dot)}`;
    },
  },
  /** "Stop reminders for this request" (reminders/reminders-mail.ts): the request's id. */
  "stop-reminders": { length: 32, legacy: (message) => `stop-reminders:${message}` },
  /** The known-device cookie (auth/sign-in-limits.ts): `<device>\n<email>`. */
  device: { length: 43, legacy: (message) => `device\n${message}` },
  /** A local upload URL (storage/local-storage.ts): `<key>:<expires>`. */
  upload: { length: 43, legacy: (message) => `upload:${message}` },
  /** The owner tag in photo keys (storage/photo-keys.ts): the user's id. */
  "photo-owner": { length: 22, legacy: (message) => `photo-owner:${message}` },
} satisfies Record<string, Purpose>;

export type SigningPurpose = keyof typeof PURPOSES;

const SALT = "collect-signing-key";

function secretsOf(secret: SigningSecret): string[] {
  if (typeof secret === "string") return [secret];
  return secret.previous ? [secret.current, secret.previous] : [secret.current];
}

const mac = (key: string | Buffer, message: string, length: number) =>
  createHmac("sha256", key).update(message).digest("base64url").slice(0, length);

const purposeKey = (secret: string, purpose: SigningPurpose) =>
  Buffer.from(hkdfSync("sha256", secret, SALT, `collect:${purpose}`, 32));

/** Every MAC that holds for the message: current secret first, then the previous one, then the legacy forms. */
function candidates(secret: SigningSecret, purpose: SigningPurpose, message: string): string[] {
  const { length, legacy } = PURPOSES[purpose];
  const secrets = secretsOf(secret);
  return [
    ...secrets.map((one) => mac(purposeKey(one, purpose), message, length)),
    ...secrets.map((one) => mac(one, legacy(message), length)),
  ];
}

/** The MAC of the message for this purpose, under the current secret. */
export function signature(secret: SigningSecret, purpose: SigningPurpose, message: string): string {
  const { length } = PURPOSES[purpose];
  return mac(purposeKey(secretsOf(secret)[0] as string, purpose), message, length);
}

/** Whether `given` is the message's MAC for this purpose under either secret (constant time). */
export function signatureHolds(
  secret: SigningSecret,
  purpose: SigningPurpose,
  message: string,
  given: string,
): boolean {
  const presented = Buffer.from(given);
  if (presented.length !== PURPOSES[purpose].length) return false;
  let holds = false;
  for (const candidate of candidates(secret, purpose, message)) {
    const expected = Buffer.from(candidate);
    holds = (expected.length === presented.length && timingSafeEqual(expected, presented)) || holds;
  }
  return holds;
}

/** Every MAC of the message that holds (no repeats): what stored names may carry (photo keys' owner tags). */
export function signatures(secret: SigningSecret, purpose: SigningPurpose, message: string): string[] {
  return [...new Set(candidates(secret, purpose, message))];
}

/** `<payload>.<mac>`, signed with the current secret. */
export function sign(secret: SigningSecret, purpose: SigningPurpose, payload: string): string {
  return `${payload}.${signature(secret, purpose, payload)}`;
}

/** The payload a token carries when its MAC holds for `purpose`, or null. */
export function verify(secret: SigningSecret, purpose: SigningPurpose, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot < 1 || token.length - dot - 1 !== PURPOSES[purpose].length) return null;
  const payload = token.slice(0, dot);
  return signatureHolds(secret, purpose, payload, token.slice(dot + 1)) ? payload : null;
}
