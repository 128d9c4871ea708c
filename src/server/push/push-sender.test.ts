import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import type { PushPayload } from "#shared/schemas/push.ts";
import { startPushSink } from "../test/push-sink";
import { createPushSender, shortenText, type VapidConfig } from "./push-sender";

/** A pino-shaped logger that keeps what it is given. */
function keepingLogger() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message = "") =>
      lines.push({ level, fields, message: typeof fields === "string" ? fields : message });
  const logger = { info: at("info"), error: at("error"), warn: at("warn") } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

const vapid: VapidConfig = { ...webPush.generateVAPIDKeys(), subject: "mailto:push-test@example.com" };
const sink = await startPushSink({ vapidPublicKey: vapid.publicKey, subject: vapid.subject });
afterAll(() => sink.close());

const claim: PushPayload = {
  title: "Alex says they paid",
  body: "$25.00 for Lunch, by Venmo",
  url: "/requests/0b0e5d7e-3c1a-4f7e-9a55-1d2c3b4a5968",
  tag: "request-0b0e5d7e",
  event: "claim",
};

function sender(options: { timeoutMs?: number } = {}) {
  const { logger, lines } = keepingLogger();
  return { push: createPushSender(vapid, logger, { allowLoopbackHttp: true, ...options }), lines };
}

describe("push sender", () => {
  it("delivers a VAPID-signed push that the subscription's keys decrypt to the payload", async () => {
    const { push } = sender();
    const subscription = sink.subscribe();
    expect(push.enabled).toBe(true);
    expect(push.publicKey).toBe(vapid.publicKey);

    const result = await push.send(subscription, claim, {
      ttlSeconds: 3600,
      urgency: "high",
      topic: "claim",
    });

    expect(result).toEqual({ kind: "sent" });
    const got = await sink.waitFor(subscription.endpoint);
    expect(got.vapidProblem).toBeNull();
    expect(got.decryptProblem).toBeNull();
    expect(JSON.parse(got.text ?? "")).toEqual(claim);
    expect(got).toMatchObject({ ttl: "3600", urgency: "high", topic: "claim", answered: 201 });
  });

  it("sends a day's TTL at normal urgency by default", async () => {
    const { push } = sender();
    const subscription = sink.subscribe();
    expect(await push.send(subscription, { ...claim, tag: undefined, event: "view" })).toEqual({
      kind: "sent",
    });
    const got = await sink.waitFor(subscription.endpoint);
    expect(got).toMatchObject({ ttl: "86400", urgency: "normal", topic: undefined });
    expect(JSON.parse(got.text ?? "").event).toBe("view");
  });

  it("answers gone on 404 and 410, so the caller deletes the subscription", async () => {
    const { push } = sender();
    for (const status of [404, 410] as const) {
      const subscription = sink.subscribe();
      sink.answer(subscription.endpoint, status);
      expect(await push.send(subscription, claim)).toEqual({ kind: "gone" });
      expect(sink.for(subscription.endpoint)).toHaveLength(1);
    }
  });

  it("answers failed and retryable on 500 and 429 (with the service's Retry-After)", async () => {
    const { push, lines } = sender();
    const broken = sink.subscribe();
    sink.answer(broken.endpoint, 500);
    expect(await push.send(broken, claim)).toEqual({ kind: "failed", status: 500, retryable: true });
    const busy = sink.subscribe();
    sink.answer(busy.endpoint, 429);
    expect(await push.send(busy, claim)).toEqual({
      kind: "failed",
      status: 429,
      retryable: true,
      retryAfterSeconds: 30,
    });
    // The endpoint is a capability URL: logs carry its origin only.
    expect(JSON.stringify(lines)).not.toContain(broken.endpoint);
    expect(JSON.stringify(lines)).toContain(sink.origin);
  });

  it("answers failed and retryable within its timeout when the push service does not answer", async () => {
    const { push } = sender({ timeoutMs: 300 });
    const silent = sink.subscribe();
    sink.answer(silent.endpoint, "hang");
    const started = performance.now();
    expect(await push.send(silent, claim)).toEqual({ kind: "failed", retryable: true });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_500);
    expect(sink.for(silent.endpoint)).toHaveLength(1);

    // Nothing listening at all: refused at once, also worth a retry.
    const nowhere = { ...sink.subscribe(), endpoint: "http://127.0.0.1:9/push/nowhere" };
    const { push: quick } = sender({ timeoutMs: 2_000 });
    expect(await quick.send(nowhere, claim)).toEqual({ kind: "failed", retryable: true });
  });

  it("is off without VAPID keys: nothing is sent", async () => {
    const { logger } = keepingLogger();
    const push = createPushSender(null, logger, { allowLoopbackHttp: true });
    const subscription = sink.subscribe();
    expect(push.enabled).toBe(false);
    expect(push.publicKey).toBeNull();
    expect(await push.send(subscription, claim)).toEqual({ kind: "failed", retryable: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sink.for(subscription.endpoint)).toEqual([]);
  });

  it("refuses, before any request, a payload that links off the site", async () => {
    const { push, lines } = sender();
    const subscription = sink.subscribe();
    const offSite = { ...claim, url: "//evil.example/phish" };
    expect(await push.send(subscription, offSite)).toEqual({ kind: "failed", retryable: false });
    expect(sink.for(subscription.endpoint)).toEqual([]);
    expect(lines.map((line) => line.message)).toEqual(["push not sent: bad payload"]);
  });

  it("shortens, never drops, a title and body too long for a push: within 3 KB, with an ellipsis, emoji whole", async () => {
    const { push, lines } = sender();
    const description = "Rent 🏠 and utilities ⚡ for the flat, split four ways 🧾 "
      .repeat(60)
      .slice(0, 3_000);
    const cases: PushPayload[] = [
      // A recurring notice about a long description: title and body over every limit.
      { ...claim, event: "recurring", title: `${description} is ready`, body: `${description} — Text Sam` },
      // 1,000 characters of 3 bytes each: within the schema's lengths, over the byte budget.
      { ...claim, body: "€".repeat(1000) },
      // Emoji only: a cut at any even or odd length must not split one.
      { ...claim, title: "🎉".repeat(80), body: "🎉".repeat(1500) },
    ];
    for (const payload of cases) {
      const subscription = sink.subscribe();
      expect(await push.send(subscription, payload)).toEqual({ kind: "sent" });
      const got = await sink.waitFor(subscription.endpoint);
      expect(got.decryptProblem).toBeNull();
      const text = got.text ?? "";
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(3 * 1024);
      const shown = JSON.parse(text) as PushPayload;
      expect(shown).toMatchObject({ url: payload.url, event: payload.event, tag: payload.tag });
      for (const [kept, given, max] of [
        [shown.title, payload.title, 100],
        [shown.body, payload.body, 1000],
      ] as const) {
        expect(kept.length).toBeLessThanOrEqual(max);
        expect(kept.isWellFormed(), kept).toBe(true); // no half of a surrogate pair
        if (kept === given) continue;
        expect(kept.endsWith("…")).toBe(true);
        expect(kept.length).toBeGreaterThan(10);
        expect(given.startsWith(kept.slice(0, -1))).toBe(true);
      }
      expect(shown.body).not.toBe(payload.body);
    }
    expect(lines).toEqual([]);
  });

  it("shortenText cuts on a character boundary and says so with an ellipsis", () => {
    expect(shortenText("Lunch", 10)).toBe("Lunch");
    expect(shortenText("Lunch with Alex", 6)).toBe("Lunch…");
    expect(shortenText("ab🎉cd", 4)).toBe("ab…"); // "ab" + half the emoji would split it
    expect(shortenText("ab🎉cd", 5)).toBe("ab🎉…");
    expect(shortenText("abc", 0)).toBe("");
  });

  it("posts only to https endpoints unless loopback http is allowed", async () => {
    const { logger } = keepingLogger();
    const strict = createPushSender(vapid, logger);
    const subscription = sink.subscribe();
    expect(await strict.send(subscription, claim)).toEqual({ kind: "failed", retryable: false });
    const elsewhere = { ...subscription, endpoint: "http://10.0.0.1/push/x" };
    const { push } = sender();
    expect(await push.send(elsewhere, claim)).toEqual({ kind: "failed", retryable: false });
    expect(sink.for(subscription.endpoint)).toEqual([]);
  });

  it("posts only to the browsers' push services: never an address, a port or a host of the user's choosing", async () => {
    const { logger, lines } = keepingLogger();
    const strict = createPushSender(vapid, logger);
    const keys = sink.subscribe();
    const [, port] = /:(\d+)\//.exec(keys.endpoint) ?? [];
    const before = sink.received.length;
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/x`,
      "https://10.0.0.1/push/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/push/x",
      "https://evil.example/push/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
    ]) {
      expect(await strict.send({ ...keys, endpoint }, claim), endpoint).toEqual({
        kind: "failed",
        retryable: false,
      });
    }
    expect(lines.map((line) => line.message)).toEqual(
      Array(7).fill("push not sent: the endpoint is not a push service we post to"),
    );
    expect(sink.received).toHaveLength(before);
  });

  it("is refused by the push service when signed with another VAPID key", async () => {
    const { logger } = keepingLogger();
    const other = { ...webPush.generateVAPIDKeys(), subject: vapid.subject };
    const push = createPushSender(other, logger, { allowLoopbackHttp: true });
    const subscription = sink.subscribe();
    expect(await push.send(subscription, claim)).toEqual({ kind: "failed", status: 403, retryable: false });
    expect((await sink.waitFor(subscription.endpoint)).vapidProblem).toBe("k is not the server's public key");
  });

  it("answers failed, not retryable, for a subscription whose keys are not a P-256 point", async () => {
    const { push } = sender();
    const subscription = { ...sink.subscribe(), p256dh: Buffer.alloc(65, 7).toString("base64url") };
    expect(await push.send(subscription, claim)).toEqual({ kind: "failed", retryable: false });
    expect(sink.for(subscription.endpoint)).toEqual([]);
  });
});
