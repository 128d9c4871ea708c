import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PushPayloadSchema, PushSubscriptionInputSchema } from "./push";
import { PUSH_ENDPOINT_MESSAGES, pushEndpointProblem } from "./push-endpoint";

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
    expect(messages({ ...subscription, endpoint: "http://fcm.googleapis.com/fcm/send/x" })).toEqual([
      notHttps,
    ]);
    expect(messages({ ...subscription, endpoint: "https://user:pw@fcm.googleapis.com/fcm/send/x" })).toEqual([
      notHttps,
    ]);
    expect(messages({ ...subscription, endpoint: "not a url" })).toEqual([notHttps]);
    expect(
      messages({ ...subscription, endpoint: `https://fcm.googleapis.com/fcm/send/${"a".repeat(1000)}` }),
    ).toContain("Push subscription: the endpoint is at most 1000 characters.");
  });

  it("accepts the push services of Chrome, Firefox, Edge and Safari", () => {
    const subscription = browserSubscription();
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dJ3kq0:APA91bH",
      "https://fcm.googleapis.com/wp/dJ3kq0:APA91bH",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://wns2-bl2p.notify.windows.com/w/?token=BQYAAAB",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://fcm.googleapis.com:443/fcm/send/x",
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeNull();
      expect(messages({ ...subscription, endpoint }), endpoint).toEqual([]);
    }
  });

  it("refuses IP addresses, other ports and hosts that are not a push service (the server posts there)", () => {
    const subscription = browserSubscription();
    const cases: [string, string][] = [
      ["http://127.0.0.1/push", PUSH_ENDPOINT_MESSAGES.notHttps],
      ["https://127.0.0.1/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://10.0.0.1/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://192.168.1.1/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://169.254.169.254/latest/meta-data/", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://2130706433/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://0x7f.1/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://[::1]/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://[::ffff:10.0.0.1]/push", PUSH_ENDPOINT_MESSAGES.ipAddress],
      ["https://fcm.googleapis.com:8443/fcm/send/x", PUSH_ENDPOINT_MESSAGES.port],
      ["https://evil.example/push", PUSH_ENDPOINT_MESSAGES.unknownService],
      ["https://localhost/push", PUSH_ENDPOINT_MESSAGES.unknownService],
      ["https://fcm.googleapis.com.evil.example/fcm/send/x", PUSH_ENDPOINT_MESSAGES.unknownService],
      ["https://evilfcm.googleapis.com/fcm/send/x", PUSH_ENDPOINT_MESSAGES.unknownService],
      ["https://a.b.notify.windows.com/w/", PUSH_ENDPOINT_MESSAGES.unknownService],
      ["https://push.apple.com.evil.example/x", PUSH_ENDPOINT_MESSAGES.unknownService],
    ];
    for (const [endpoint, message] of cases) {
      expect(messages({ ...subscription, endpoint }), endpoint).toEqual([message]);
    }
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
