import { createECDH } from "node:crypto";
import { z } from "zod";
import type { VapidConfig } from "./push-sender";

/**
 * The three VAPID variables, for env.ts to spread into its EnvSchema (`...VAPID_ENV`), with the
 * formats `node scripts/vapid-keys.mjs` prints: the public key a 65-byte uncompressed P-256 point
 * and the private key a 32-byte scalar, both unpadded base64url.
 */
export const VAPID_ENV = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "must be a P-256 public key in base64url (node scripts/vapid-keys.mjs)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (node scripts/vapid-keys.mjs)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*)$/, "must be a mailto: or https: address")
    .optional(),
};

type VapidEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string };

/**
 * For env.ts's crossProblems (raw environment): all three or none, and a public key that belongs
 * to the private key. A mismatched pair would sign every push with a key the browsers did not
 * subscribe with, and each push service would refuse them all at run time.
 */
export function vapidProblems(env: VapidEnv): [string, string][] {
  const set = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
  if (set !== 0 && set !== 3) {
    return [["VAPID_PUBLIC_KEY", "set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together"]];
  }
  if (set === 0 || !env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return [];
  if (!publicKeyMatches(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) {
    return [["VAPID_PUBLIC_KEY", "is not the public key of VAPID_PRIVATE_KEY"]];
  }
  return [];
}

function publicKeyMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().toString("base64url") === publicKey;
  } catch {
    return false; // Not a valid scalar for the curve.
  }
}

/** For env.ts's ConfigSchema: the sender's settings, or null (push off) when the variables are unset. */
export function vapidConfig(env: VapidEnv): VapidConfig | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
    : null;
}
