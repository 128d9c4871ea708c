import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "#server/db/client.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { deviceLabel } from "#server/lib/user-agent.ts";
import { CAPS } from "#server/limits.ts";
import {
  addPasskey,
  consumeChallenge,
  credentialIdsOf,
  findByCredentialId,
  markUsed,
  saveChallenge,
} from "./passkey-queries";

type Transport = NonNullable<RegistrationResponseJSON["response"]["transports"]>[number];
/** Loaded at the first passkey call, not at start-up (docs/decisions/017-fast-start-up.md). */
const library = () => import("@simplewebauthn/server");

export const TOO_MANY_PASSKEYS = `You have ${CAPS.perAccount.passkeys} passkeys. Please remove one before adding another.`;

const transportsOf = (value: string | null) => (value ? (value.split(",") as Transport[]) : undefined);

/**
 * Passkeys through @simplewebauthn/server: the relying party is PUBLIC_URL's host, and every
 * challenge is stored for one use, so a response can be checked by any app process.
 */
export function createWebAuthn(db: Db, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const rpID = new URL(publicUrl).hostname;

  return {
    async registrationOptions(user: { id: string; email: string }) {
      const existing = await credentialIdsOf(db, user.id);
      if (existing.length >= CAPS.perAccount.passkeys) throw new HttpError(409, TOO_MANY_PASSKEYS);
      const { generateRegistrationOptions } = await library();
      const options = await generateRegistrationOptions({
        rpName: "Collect",
        rpID,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((k) => ({
          id: k.credentialId,
          transports: transportsOf(k.transports),
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      await saveChallenge(db, options.challenge, `register:${user.id}`);
      return options;
    },

    /** Saves the new passkey, or null when the response does not verify. */
    async register(userId: string, response: unknown, userAgent: string | undefined) {
      const { verifyRegistrationResponse } = await library();
      const verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => consumeChallenge(db, challenge, `register:${userId}`),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) return null;
      // Checked again: two options asked for side by side both passed the first check.
      if ((await credentialIdsOf(db, userId)).length >= CAPS.perAccount.passkeys)
        throw new HttpError(409, TOO_MANY_PASSKEYS);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const { device, browser } = deviceLabel(userAgent);
      return addPasskey(db, userId, {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports?.join(",") ?? null,
        backedUp: credentialBackedUp,
        name: `${browser} on ${device}`,
      });
    },

    async signInOptions() {
      const { generateAuthenticationOptions } = await library();
      const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
      await saveChallenge(db, options.challenge, "sign-in");
      return options;
    },

    /** The user a sign-in response proves, or null. */
    async verifySignIn(response: unknown): Promise<string | null> {
      const id = (response as { id?: unknown }).id;
      const key = typeof id === "string" ? await findByCredentialId(db, id) : undefined;
      if (!key) return null;
      const { verifyAuthenticationResponse } = await library();
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => consumeChallenge(db, challenge, "sign-in"),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.credentialId,
          publicKey: Buffer.from(key.publicKey, "base64url"),
          counter: key.counter,
          transports: transportsOf(key.transports),
        },
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) return null;
      await markUsed(db, key.id, verification.authenticationInfo.newCounter);
      return key.userId;
    },
  };
}

export type WebAuthn = ReturnType<typeof createWebAuthn>;
