import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type SigningPurpose,
  sign,
  signature,
  signatureHolds,
  signatures,
  signingKeys,
  verify,
} from "./signed-token";

const OLD = "old-secret-old-secret-old-secret-0001";
const NEW = "new-secret-new-secret-new-secret-0002";
const ROTATING = signingKeys(NEW, OLD);

/** A character of the MAC changed: what a forger without the secret can do. */
const tamper = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

describe("signed tokens", () => {
  it("answers the payload of its own tokens, and null for a tampered one", () => {
    const token = sign(NEW, "mail-stop", "u_1.abcdefghijklmnopqrstuv");
    expect(token).toMatch(/^u_1\.abcdefghijklmnopqrstuv\.[\w-]{22}$/);
    expect(verify(NEW, "mail-stop", token)).toBe("u_1.abcdefghijklmnopqrstuv");
    expect(verify(NEW, "mail-stop", tamper(token))).toBeNull();
    expect(verify(NEW, "mail-stop", token.replace("u_1", "u_2"))).toBeNull();
    expect(verify(NEW, "mail-stop", `${token}A`)).toBeNull();
    expect(verify(NEW, "mail-stop", token.slice(0, -1))).toBeNull();
    expect(verify(NEW, "mail-stop", `.${token.split(".").pop()}`)).toBeNull();
    expect(verify(NEW, "mail-stop", "")).toBeNull();
    // A MAC of the right length in other characters (multi-byte) is refused, not thrown on.
    expect(verify(NEW, "mail-stop", `u_1.${"é".repeat(22)}`)).toBeNull();
  });

  it("keeps each purpose's MAC length", () => {
    const lengths: Record<SigningPurpose, number> = {
      "mail-stop": 22,
      unsubscribe: 43,
      "stop-reminders": 32,
      device: 43,
      upload: 43,
      "photo-owner": 22,
    };
    for (const [purpose, length] of Object.entries(lengths)) {
      expect(signature(NEW, purpose as SigningPurpose, "x"), purpose).toMatch(
        new RegExp(`^[\\w-]{${length}}$`),
      );
    }
  });

  it("never lets a signature made for one purpose hold for another", () => {
    const purposes: SigningPurpose[] = [
      "mail-stop",
      "unsubscribe",
      "stop-reminders",
      "device",
      "upload",
      "photo-owner",
    ];
    for (const made of purposes) {
      const mac = signature(NEW, made, "same-payload");
      for (const other of purposes.filter((p) => p !== made)) {
        expect(signatureHolds(NEW, other, "same-payload", mac), `${made} → ${other}`).toBe(false);
        // Cut or padded to the other purpose's length, still not.
        const fitted = (mac + mac).slice(0, signature(NEW, other, "x").length);
        expect(signatureHolds(NEW, other, "same-payload", fitted), `${made} → ${other}`).toBe(false);
      }
    }
    // Same length, same payload: mail-stop and photo-owner both keep 22 characters.
    expect(verify(NEW, "photo-owner", sign(NEW, "mail-stop", "u_1"))).toBeNull();
  });

  it("signs with the current secret and checks the previous one too while rotating", () => {
    const before = sign(OLD, "stop-reminders", "request-1");
    // Old links keep working while AUTH_SECRET_PREVIOUS holds the old secret...
    expect(verify(ROTATING, "stop-reminders", before)).toBe("request-1");
    // ...and stop once it is unset.
    expect(verify(NEW, "stop-reminders", before)).toBeNull();
    expect(verify(signingKeys(NEW), "stop-reminders", before)).toBeNull();
    // New ones are signed with the current secret only: they do not hold under the old one.
    const after = sign(ROTATING, "stop-reminders", "request-1");
    expect(after).toBe(sign(NEW, "stop-reminders", "request-1"));
    expect(verify(NEW, "stop-reminders", after)).toBe("request-1");
    expect(verify(OLD, "stop-reminders", after)).toBeNull();
    // Tampered, under either secret: refused.
    expect(verify(ROTATING, "stop-reminders", tamper(before))).toBeNull();
    expect(verify(ROTATING, "stop-reminders", tamper(after))).toBeNull();
    // A third secret is neither.
    expect(
      verify(signingKeys("third-secret-third-secret-third-0003", OLD), "stop-reminders", after),
    ).toBeNull();
  });

  it("drops a previous secret that is the current one", () => {
    expect(signingKeys(NEW, NEW)).toEqual({ current: NEW, previous: null });
    expect(signingKeys(NEW, undefined)).toEqual({ current: NEW, previous: null });
    expect(signingKeys(NEW, OLD)).toEqual({ current: NEW, previous: OLD });
  });

  it("still takes the signatures made before this module (the secret as the key), under either secret", () => {
    // What lib/signed-token.ts signed mail-stop tokens with until now: HMAC(secret, purpose \0 payload).
    const legacy = `u_1.${createHmac("sha256", OLD).update("mail-stop\0u_1").digest("base64url").slice(0, 22)}`;
    expect(verify(OLD, "mail-stop", legacy)).toBe("u_1");
    expect(verify(ROTATING, "mail-stop", legacy)).toBe("u_1");
    expect(verify(NEW, "mail-stop", legacy)).toBeNull();
    expect(verify(OLD, "mail-stop", tamper(legacy))).toBeNull();
    // The old form is a purpose's own too: a legacy mail-stop MAC is no photo-owner tag.
    expect(signatureHolds(OLD, "photo-owner", "u_1", legacy.split(".")[1] as string)).toBe(false);
  });

  it("lists every signature that holds, for names stored with one (photo keys' owner tags)", () => {
    const all = signatures(ROTATING, "photo-owner", "user-1");
    // The current and previous secret, each in the new form and the one before this module.
    expect(all).toHaveLength(4);
    expect(all[0]).toBe(signature(NEW, "photo-owner", "user-1"));
    expect(all).toContain(signature(OLD, "photo-owner", "user-1"));
    expect(all).toContain(
      createHmac("sha256", OLD).update("photo-owner:user-1").digest("base64url").slice(0, 22),
    );
    for (const tag of all) expect(signatureHolds(ROTATING, "photo-owner", "user-1", tag)).toBe(true);
    expect(signatures(NEW, "photo-owner", "user-1")).toHaveLength(2);
  });
});
