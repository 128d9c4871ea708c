import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and
 * base64 key bytes; each message is signed over `{id}.{timestamp}.{body}` with HMAC-SHA256 and
 * sent as `v1,{base64}`, one per secret in force, space-separated (a rotation's day of overlap).
 */

const PREFIX = "whsec_";

/** A new signing secret: 24 random bytes, as the specification suggests (24 to 64). */
export const newSecret = () => `${PREFIX}${randomBytes(24).toString("base64")}`;

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one attempt, signed with every secret in force. */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => sign(secret, id, timestamp, body)).join(" "),
  };
}
