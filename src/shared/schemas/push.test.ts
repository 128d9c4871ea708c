import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PushPayloadSchema, PushSubscriptionInputSchema } from "./push";

/** What `PushSubscription.toJSON()` gives in a browser, with real key sizes. */
function browserSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: "https://fcm.googleapis.com/fcm/send/dJ3kq0:APA91bH",
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

const messages = (input: unknown) =>
  PushSubscriptionInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("PushSubscriptionInputSchema", () => {
  it("accepts what a browser's toJSON() gives, with an optional device name", () => {
    const subscription = browserSubscription();
    expect(PushSubscriptionInputSchema.parse(subscription)).toEqual(subscription);
    const named = PushSubscriptionInputSchema.parse({ ...subscription, deviceLabel: "  Pixel 8  " });
    expect(named.deviceLabel).toBe("Pixel 8");
  });

  it("refuses endpoints that are not https, too long, or carry credentials", () => {
    const subscription = browserSubscription();
    const notHttps = "Push subscription: the endpoint must be an https address.";
    expect(messages({ ...subscription, endpoint: "http://push.example/x" })).toEqual([notHttps]);
    expect(messages({ ...subscription, endpoint: "https://user:pw@push.example/x" })).toEqual([notHttps]);
    expect(messages({ ...subscription, endpoint: "not a url" })).toEqual([notHttps]);
    expect(messages({ ...subscription, endpoint: `https://push.example/${"a".repeat(1000)}` })).toContain(
      "Push subscription: the endpoint is at most 1000 characters.",
    );
  });

  it("refuses keys of the wrong size or alphabet, and unknown fields", () => {
    const { keys, ...rest } = browserSubscription();
    expect(messages({ ...rest, keys: { ...keys, p256dh: keys.p256dh.slice(1) } })).toEqual([
      "Push subscription: the p256dh key must be 65 bytes in base64url.",
    ]);
    expect(messages({ ...rest, keys: { ...keys, auth: `${keys.auth.slice(0, 21)}=` } })).toEqual([
      "Push subscription: the auth secret must be 16 bytes in base64url.",
    ]);
    expect(messages({ ...rest })).toEqual(["Push subscription: the keys are required."]);
    expect(messages({ ...rest, keys, userId: "someone-else" })).toHaveLength(1);
  });

  it("refuses a device name over 80 characters or with control characters", () => {
    const subscription = browserSubscription();
    expect(messages({ ...subscription, deviceLabel: "x".repeat(81) })).toEqual([
      "Device name: at most 80 characters.",
    ]);
    expect(messages({ ...subscription, deviceLabel: "Phone\nTwo" })).toEqual([
      "Device name: one line of plain text, please.",
    ]);
  });
});

describe("PushPayloadSchema", () => {
  const payload = { title: "Rent is ready", body: "Text Sam", url: "/recurring", event: "recurring" };

  it("accepts a path on this site and each event", () => {
    for (const event of ["view", "claim", "reminder", "recurring", "digest"]) {
      expect(PushPayloadSchema.safeParse({ ...payload, event }).success).toBe(true);
    }
  });

  it("refuses links that leave the site and unknown events", () => {
    for (const url of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(PushPayloadSchema.safeParse({ ...payload, url }).success).toBe(false);
    }
    expect(PushPayloadSchema.safeParse({ ...payload, event: "paid" }).success).toBe(false);
  });
});
