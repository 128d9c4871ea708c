import { describe, expect, it } from "vitest";
import { createSignInLimits } from "#server/auth/sign-in-limits.ts";
import type { Db } from "#server/db/client.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import { recipientHash } from "#server/mail/recipient.ts";
import { readSuppressionToken, suppressionToken } from "#server/mail/suppression.ts";
import { readUnsubscribeToken, unsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { readStopToken, stopToken } from "#server/reminders/reminders-mail.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { isOwnerTag, ownerTag, ownerTags } from "#server/storage/photo-keys.ts";
import { signingKeys } from "./signed-token";

/**
 * Every scheme signed through lib/signed-token.ts, against what its own code signed before that
 * module: links in mail already sent, device cookies, photo keys in storage. The literals below
 * were made by the code before it, with SECRET as AUTH_SECRET; they must keep holding with the
 * same AUTH_SECRET, and after a rotation while AUTH_SECRET_PREVIOUS keeps it.
 */
const SECRET = "fixture-secret-fixture-secret-fixture-0001";
const NEW = "rotated-secret-rotated-secret-rotated-0002";
const ROTATED = signingKeys(NEW, SECRET);
const USER = "u_Maria01";
const REQUEST = "0b9f8a7e-3c2d-4e1f-9a8b-7c6d5e4f3a2b";

const SENT = {
  mailStopAll: "-.qtah0PS0plANARnHc4ZFYp.ncW9wPopNPTTybMZpFE-jM",
  mailStopRequester: "u_Maria01.qtah0PS0plANARnHc4ZFYp.XCU50hDRoT3ijL_nHJtV5f",
  unsubscribe: "claim.u_Maria01.u1H6dRQA9IV6zGTrjCIE53eNlIBRBde8WmH6dGfX2oY",
  stopReminders: `${REQUEST}.QQPqumIECwkDZk6qH963C1MbD7eZpdiM`,
  ownerTag: "ZmXhIwXEw6ZwSwljF8ncnV",
  upload: {
    key: "incoming/AAAAAAAAAAAAAAAAAAAAAA/00000000-0000-4000-8000-000000000001",
    expires: "1900000900",
    sig: "9utJdwF_uh9sYaQTYamNlvKPDs9rZNgjFg3ivOxs9zg",
    madeAt: 1_900_000_000_000,
  },
  /** Given to " Maria@Example.com " (the email is bound by the MAC, not carried). */
  deviceCookie: "dddddddddddddddddddddd.iroxwtwN5sRrIYYejWh6xDoF9g9Ha4PnNMEZKbFbOkU",
};

describe("links and cookies made before the one signing module", () => {
  it("mail stop links", () => {
    const all = { requesterId: null, recipientHash: recipientHash("payer@example.com") };
    const fromMaria = { requesterId: USER, recipientHash: recipientHash("payer@example.com") };
    for (const secret of [SECRET, ROTATED]) {
      expect(readSuppressionToken(secret, SENT.mailStopAll)).toEqual(all);
      expect(readSuppressionToken(secret, SENT.mailStopRequester)).toEqual(fromMaria);
    }
    expect(readSuppressionToken(NEW, SENT.mailStopAll)).toBeNull();
    // New links keep the shape and length, and read back.
    const made = suppressionToken(ROTATED, "all", "Payer@Example.com");
    expect(made).toHaveLength(SENT.mailStopAll.length);
    expect(made.slice(0, 25)).toBe(SENT.mailStopAll.slice(0, 25));
    expect(readSuppressionToken(NEW, made)).toEqual(all);
  });

  it("notification unsubscribe links", () => {
    for (const secret of [SECRET, ROTATED]) {
      expect(readUnsubscribeToken(secret, SENT.unsubscribe)).toEqual({ userId: USER, event: "claim" });
      expect(readUnsubscribeToken(secret, SENT.unsubscribe.replace("claim.", "view."))).toBeNull();
    }
    expect(readUnsubscribeToken(NEW, SENT.unsubscribe)).toBeNull();
    const made = unsubscribeToken(ROTATED, USER, "claim");
    expect(made).toMatch(/^claim\.u_Maria01\.[\w-]{43}$/);
    expect(readUnsubscribeToken(NEW, made)).toEqual({ userId: USER, event: "claim" });
  });

  it("stop-reminders links", () => {
    for (const secret of [SECRET, ROTATED]) expect(readStopToken(SENT.stopReminders, secret)).toBe(REQUEST);
    expect(readStopToken(SENT.stopReminders, NEW)).toBeNull();
    const made = stopToken(REQUEST, ROTATED);
    expect(made).toHaveLength(SENT.stopReminders.length);
    expect(readStopToken(made, NEW)).toBe(REQUEST);
    expect(readStopToken(`${REQUEST}.x.${made.split(".")[1]}`, NEW)).toBeNull();
  });

  it("photo keys' owner tags: the old tag is still the user's, and an account's deletion finds it", () => {
    for (const secret of [SECRET, ROTATED]) {
      expect(isOwnerTag(secret, USER, SENT.ownerTag)).toBe(true);
      expect(ownerTags(secret, USER)).toContain(SENT.ownerTag);
      expect(isOwnerTag(secret, "someone-else", SENT.ownerTag)).toBe(false);
    }
    expect(isOwnerTag(NEW, USER, SENT.ownerTag)).toBe(false);
    expect(ownerTag(ROTATED, USER)).toMatch(/^[\w-]{22}$/);
    expect(isOwnerTag(NEW, USER, ownerTag(ROTATED, USER))).toBe(true);
  });

  it("local upload URLs, and their expiry", () => {
    const { key, expires, sig, madeAt } = SENT.upload;
    const store = (secret: typeof ROTATED | string, now: number) =>
      createLocalStorage({
        root: "/nonexistent",
        publicUrl: "http://localhost:3000",
        secret,
        now: () => now,
      });
    for (const secret of [SECRET, ROTATED]) {
      expect(store(secret, madeAt).verifyUpload(key, expires, sig)).toBe("ok");
      expect(store(secret, madeAt + 16 * 60_000).verifyUpload(key, expires, sig)).toBe("expired");
      expect(store(secret, madeAt).verifyUpload(key, String(Number(expires) + 1), sig)).toBe("invalid");
    }
    expect(store(NEW, madeAt).verifyUpload(key, expires, sig)).toBe("invalid");
  });

  it("local upload URLs made while rotating hold under the new secret alone", async () => {
    const { key, madeAt } = SENT.upload;
    const made = new URL(
      await createLocalStorage({
        root: "/nonexistent",
        publicUrl: "http://localhost:3000",
        secret: ROTATED,
        now: () => madeAt,
      }).createUploadUrl(key),
    );
    const [expires, sig] = [made.searchParams.get("expires") ?? "", made.searchParams.get("sig") ?? ""];
    const at = (secret: string, now: number) =>
      createLocalStorage({
        root: "/nonexistent",
        publicUrl: "http://localhost:3000",
        secret,
        now: () => now,
      });
    expect(at(NEW, madeAt).verifyUpload(key, expires, sig)).toBe("ok");
    expect(at(NEW, madeAt + 16 * 60_000).verifyUpload(key, expires, sig)).toBe("expired");
    expect(at(SECRET, madeAt).verifyUpload(key, expires, sig)).toBe("invalid");
  });

  it("known-device cookies", async () => {
    // Without counting (limits off), an attempt answers which lock it counts on: the device's or the account's.
    const limitsWith = (secret: typeof ROTATED | string) =>
      createSignInLimits({} as Db, { enabled: false } as Limiter, { ceilingPerMinute: 1, secret });
    const device = { key: "collect:sign-in-device:dddddddddddddddddddddd" };
    const account = { key: "collect:sign-in-account:maria@example.com" };
    for (const secret of [SECRET, ROTATED]) {
      expect(await limitsWith(secret).beginAttempt("maria@example.com", SENT.deviceCookie)).toEqual(device);
      expect(await limitsWith(secret).beginAttempt("someone@example.com", SENT.deviceCookie)).not.toEqual(
        device,
      );
    }
    expect(await limitsWith(NEW).beginAttempt("maria@example.com", SENT.deviceCookie)).toEqual(account);
    // The next sign-in gives the same device a cookie signed with the new secret.
    const renewed = limitsWith(ROTATED).deviceCookie("maria@example.com", true, SENT.deviceCookie);
    const value = /^collect_device=([^;]+);/.exec(renewed)?.[1] as string;
    expect(value).toMatch(/^dddddddddddddddddddddd\.[\w-]{43}$/);
    expect(value).not.toBe(SENT.deviceCookie);
    expect(await limitsWith(NEW).beginAttempt("maria@example.com", value)).toEqual(device);
  });
});
