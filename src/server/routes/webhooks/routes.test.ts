import type { AddressInfo, Socket } from "node:net";
import { createServer as createNetServer } from "node:net";
import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, webhookDeliveries, webhookEndpoints } from "#server/db/schema.ts";
import {
  appsOnFreshDatabase,
  as,
  createReadyUser,
  databaseKinds,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
  until,
} from "#server/test/harness.ts";
import { startWebhookReceiver } from "#server/test/webhook-receiver.ts";
import { sweepOldDeliveries } from "#server/webhooks/webhooks.ts";

const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "40" };
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const payerCall = (app: FastifyInstance, url: string, body: object) =>
  app.inject({
    method: "POST",
    url,
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describeEachDatabase("webhooks", (ctx) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  const endpointFor = async (call: ReturnType<typeof as>, events: string[], url = receiver.url) => {
    const made = await call("POST", "/api/webhooks", { url, events });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; secret: string };
  };

  it("sends each subscribed event of a request's life, signed, once per event id", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const all = [
      "request.created",
      "request.viewed",
      "request.claimed",
      "request.paid",
      "request.cancelled",
      "request.payment_recorded",
    ];
    const endpoint = await endpointFor(call, all);
    expect(endpoint.secret).toMatch(/^whsec_/);
    receiver.trust(endpoint.secret);
    const start = receiver.received.length;

    const made = (await call("POST", "/api/payment-requests", sam)).json().request;
    const code = made.shortUrl.split("/pay/")[1];
    expect((await payerCall(ctx.app, `/api/payment-screen/${code}/view`, {})).statusCode).toBe(204);
    expect((await payerCall(ctx.app, `/api/payment-screen/${code}/claim`, { via: "venmo" })).statusCode).toBe(
      204,
    );
    expect(
      (await call("POST", `/api/payment-requests/${made.id}/payments`, { amount: "15" })).statusCode,
    ).toBe(201);
    expect(
      (await call("POST", `/api/payment-requests/${made.id}/payments`, { amount: "25" })).statusCode,
    ).toBe(201);
    const other = (await call("POST", "/api/payment-requests", sam)).json().request;
    expect(
      (await call("PATCH", `/api/payment-requests/${other.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);

    const expected = [
      "request.created",
      "request.viewed",
      "request.claimed",
      "request.payment_recorded",
      "request.payment_recorded",
      "request.paid",
      "request.created",
      "request.cancelled",
    ];
    await until(() => receiver.received.length - start >= expected.length, 15_000);
    const got = receiver.received.slice(start);
    expect(got.map((r) => r.type).sort()).toEqual([...expected].sort());
    expect(got.every((r) => r.verifiedWith[0])).toBe(true);
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    const paid = got.find((r) => r.type === "request.paid");
    expect(paid?.data.request).toMatchObject({
      id: made.id,
      status: "paid",
      amount: "40.00",
      paidAmount: "40.00",
    });
    const part = got.find((r) => r.type === "request.payment_recorded");
    expect(part?.data.payment).toMatchObject({ amount: expect.any(String) });

    // The delivery log says so once each answer is recorded (the receiver can see an event first).
    type Logged = { state: string; attempts: number };
    let log: Logged[] = [];
    await until(async () => {
      log = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
      return log.length === expected.length && log.every((d) => d.state !== "pending");
    }, 10_000);
    expect(log.every((d) => d.state === "delivered" && d.attempts === 1)).toBe(true);
  });

  it("tells a receiver when a paid request is owed again and when a part payment is undone", async () => {
    // Before: Undo after Mark Paid sent nothing, so a receiver saw request.paid twice in a row.
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const endpoint = await endpointFor(call, ["request.paid", "request.unpaid", "request.payment_undone"]);
    receiver.trust(endpoint.secret);
    const start = receiver.received.length;
    const made = (await call("POST", "/api/payment-requests", sam)).json().request;
    await call("PATCH", `/api/payment-requests/${made.id}/status`, { status: "paid" });
    await call("PATCH", `/api/payment-requests/${made.id}/status`, { status: "pending" });
    const part = (await call("POST", `/api/payment-requests/${made.id}/payments`, { amount: "40" })).json();
    const paymentId = part.payments[0].id;
    expect((await call("DELETE", `/api/payment-requests/${made.id}/payments/${paymentId}`)).statusCode).toBe(
      200,
    );
    await until(() => receiver.received.length - start >= 5, 15_000);
    const got = receiver.received.slice(start);
    expect(got.map((r) => r.type).sort()).toEqual(
      ["request.paid", "request.unpaid", "request.paid", "request.unpaid", "request.payment_undone"].sort(),
    );
    const undone = got.find((r) => r.type === "request.payment_undone");
    expect(undone?.data).toMatchObject({
      request: { id: made.id, status: "pending" },
      payment: { id: paymentId, amount: "40.00" },
    });
    expect(new Set(got.map((r) => r.id)).size).toBe(5);
  });

  it("sends only the events an endpoint chose, to its owner's endpoints only", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const paidOnly = await endpointFor(alice, ["request.paid"]);
    receiver.trust(paidOnly.secret);
    const start = receiver.received.length;
    const hers = (await alice("POST", "/api/payment-requests", sam)).json().request;
    await bob("POST", "/api/payment-requests", sam);
    await alice("PATCH", `/api/payment-requests/${hers.id}/status`, { status: "paid" });
    await until(() => receiver.received.length > start, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.slice(start).map((r) => r.type)).toEqual(["request.paid"]);
    // Bob cannot see, change or use Alice's endpoint.
    for (const [method, url, body] of [
      ["GET", `/api/webhooks/${paidOnly.id}/deliveries`],
      ["PATCH", `/api/webhooks/${paidOnly.id}`, { enabled: false }],
      ["POST", `/api/webhooks/${paidOnly.id}/test`],
      ["POST", `/api/webhooks/${paidOnly.id}/rotate-secret`],
      ["DELETE", `/api/webhooks/${paidOnly.id}`],
    ] as const) {
      expect((await bob(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await bob("GET", "/api/webhooks")).json().webhooks).toEqual([]);
  });

  it("sends a test event, resends from the log, and signs with both secrets for a day after a rotation", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const endpoint = await endpointFor(call, ["request.paid"]);
    receiver.trust(endpoint.secret);
    const start = receiver.received.length;
    const test = await call("POST", `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ type: "test", state: "pending" });
    await until(() => receiver.received.length > start, 10_000);
    const first = receiver.received[start];
    expect(first?.type).toBe("test");
    expect(first?.verifiedWith).toEqual([true]);
    // The receiver has the event before the sender records its answer: a resend waits for the
    // log to say it was delivered (the route refuses one still being sent, 409).
    await until(async () => {
      const [logged] = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
      return logged?.state === "delivered";
    }, 10_000);

    const resent = await call("POST", `/api/webhooks/${endpoint.id}/deliveries/${test.json().id}/resend`);
    expect(resent.statusCode).toBe(202);
    await until(() => receiver.received.length > start + 1, 10_000);
    // The same event: the same id, for the receiver to skip.
    expect(receiver.received[start + 1]?.id).toBe(first?.id);

    const rotated = await call("POST", `/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretUntil } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    expect(new Date(previousSecretUntil).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    receiver.trust(secret, endpoint.secret);
    await call("POST", `/api/webhooks/${endpoint.id}/test`);
    await until(() => receiver.received.length > start + 2, 10_000);
    expect(receiver.received[start + 2]?.verifiedWith).toEqual([true, true]);
    // The secret is never shown again.
    const listed = JSON.stringify((await call("GET", "/api/webhooks")).json());
    expect(listed).not.toContain(secret);
    expect(listed).not.toContain(endpoint.secret);
  });

  it("retries an endpoint that fails, with the same id, until it answers", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const endpoint = await endpointFor(call, ["request.created"]);
    receiver.trust(endpoint.secret);
    receiver.answer(500, 503);
    const start = receiver.received.length;
    await call("POST", "/api/payment-requests", sam);
    await until(() => receiver.received.length >= start + 3, 30_000);
    const tries = receiver.received.slice(start, start + 3);
    expect(new Set(tries.map((r) => r.id)).size).toBe(1);
    const [delivery] = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    await until(async () => {
      const [latest] = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
      return latest.state === "delivered";
    });
    expect(delivery.eventId).toBe(tries[0]?.id);
    const [latest] = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(latest).toMatchObject({ state: "delivered", attempts: 3, lastStatus: 200, lastError: null });
  }, 40_000);

  it("refuses to resend an event still being tried: one chain of attempts at a time", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const endpoint = await endpointFor(call, ["request.created"]);
    const [id] = await ctx.database.db.transaction((tx) =>
      // A delivery recorded but not yet attempted: exactly what a retrying one looks like to Resend.
      tx
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, eventId: "msg_pending", type: "request.created", payload: "{}" })
        .returning({ id: webhookDeliveries.id }),
    );
    const answer = await call("POST", `/api/webhooks/${endpoint.id}/deliveries/${id?.id}/resend`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      "This event is still being sent: resend it once it has been delivered or given up.",
    );
  });

  it("keeps a month of deliveries: older settled ones are swept, pending ones stay", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const endpoint = await endpointFor(call, ["request.created"]);
    const old = new Date(Date.now() - 31 * 86_400_000);
    const row = (eventId: string, state: "delivered" | "pending", createdAt: Date) => ({
      endpointId: endpoint.id,
      eventId,
      type: "request.created",
      payload: "{}",
      state,
      createdAt,
    });
    await ctx.database.db
      .insert(webhookDeliveries)
      .values([
        row("msg_old", "delivered", old),
        row("msg_old_pending", "pending", old),
        row("msg_new", "delivered", new Date()),
      ]);
    expect(await sweepOldDeliveries(ctx.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(left.map((d: { eventId: string }) => d.eventId).sort()).toEqual(["msg_new", "msg_old_pending"]);
  });

  it("checks what it is given: events, address form, a cap of 10, and turning off and on", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const bad = [
      [{ url: receiver.url, events: [] }, "events"],
      [{ url: receiver.url, events: ["request.exploded"] }, "events.0"],
      [{ url: "not a url", events: ["request.paid"] }, "url"],
      [{ url: "https://user:pw@hooks.example.com/", events: ["request.paid"] }, "url"],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await call("POST", "/api/webhooks", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field).toBe(field);
    }
    const endpoint = await endpointFor(call, ["request.paid"]);
    const off = await call("PATCH", `/api/webhooks/${endpoint.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: "by you" });
    expect((await call("POST", `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
    const on = await call("PATCH", `/api/webhooks/${endpoint.id}`, {
      enabled: true,
      events: ["request.created"],
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, events: ["request.created"] });
    await Promise.all(Array.from({ length: 9 }, () => endpointFor(call, ["request.paid"])));
    const past = await call("POST", "/api/webhooks", { url: receiver.url, events: ["request.paid"] });
    expect(past.statusCode).toBe(409);
    expect((await call("DELETE", `/api/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await call("GET", "/api/webhooks")).json().webhooks).toHaveLength(9);
  });
});

describe.each(databaseKinds)("webhook addresses [%s]", (kind) => {
  const apps = appsOnFreshDatabase(kind);

  it("refuses private, loopback and plain-http endpoints unless the operator lists them", async () => {
    const app = await apps.appWith({
      webhooks: { allowAddresses: [], retryDelaySeconds: 1, giveUpHours: 24, timeoutSeconds: 10 },
    });
    const call = as(app, await createReadyUser(app));
    for (const url of [
      "http://127.0.0.1:9/hooks",
      "https://127.0.0.1/hooks",
      "https://10.0.0.8/hooks",
      "https://169.254.169.254/latest",
      "https://[::1]/hooks",
      "http://hooks.example.com/",
      "https://localhost/hooks",
    ]) {
      const answer = await call("POST", "/api/webhooks", { url, events: ["request.paid"] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().field).toBe("url");
    }
    // A public name whose address cannot be looked up here is taken: each delivery checks again.
    expect(
      (
        await call("POST", "/api/webhooks", {
          url: "https://hooks.example.com/collect",
          events: ["request.paid"],
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe.each(databaseKinds)("webhooks giving up [%s]", (kind) => {
  // Its own database: another app with another address policy would share the queue's jobs.
  const apps = appsOnFreshDatabase(kind);

  it("turns an endpoint off after its events failed for the give-up time, and emails its owner once", async () => {
    // 2 seconds of retries (1 s doubling) stand for a day.
    const app = await apps.appWith({
      webhooks: {
        allowAddresses: ["127.0.0.0/8"],
        retryDelaySeconds: 1,
        giveUpHours: 2 / 3_600,
        timeoutSeconds: 10,
      },
    });
    const user = await createReadyUser(app);
    const call = as(app, user);
    const receiver = await startWebhookReceiver();
    try {
      receiver.answer(...Array.from({ length: 20 }, () => 500));
      const endpoint = (
        await call("POST", "/api/webhooks", { url: receiver.url, events: ["request.created"] })
      ).json();
      await call("POST", "/api/payment-requests", sam);
      const db = apps.database().db;
      await until(async () => {
        const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
        return row?.disabledAt !== null;
      }, 45_000);
      const [log] = (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
      expect(log).toMatchObject({
        state: "failed",
        lastStatus: 500,
        lastError: "The endpoint answered HTTP 500.",
      });
      expect(log.attempts).toBeGreaterThanOrEqual(3);
      const [listed] = (await call("GET", "/api/webhooks")).json().webhooks;
      expect(listed).toMatchObject({ enabled: false, disabledReason: "its deliveries failed for a day" });
      // The owner's mail is queued just after the endpoint is turned off (its own transaction).
      const mails = () =>
        db.select().from(deliveries).where(like(deliveries.key, "account-mail:webhook-disabled:%"));
      await until(async () => (await mails()).length > 0, 10_000);
      expect(await mails()).toHaveLength(1);
      // Nothing more is queued for it while it is off.
      const before = receiver.received.length;
      await call("POST", "/api/payment-requests", sam);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.received.length).toBe(before);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe.each(databaseKinds)("a silent endpoint [%s]", (kind) => {
  const apps = appsOnFreshDatabase(kind);

  it("holds no sender for each of its events: after one attempt goes unanswered, the others wait their retry", async () => {
    // Before: every event of an endpoint that accepts connections and never answers held a
    // sender for the whole timeout, so one account could slow every account's webhooks.
    const connections: Socket[] = [];
    const silent = createNetServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
    try {
      const app = await apps.appWith({
        webhooks: {
          allowAddresses: ["127.0.0.0/8"],
          retryDelaySeconds: 30,
          giveUpHours: 24,
          timeoutSeconds: 0.5,
        },
      });
      const call = as(app, await createReadyUser(app));
      const endpoint = (await call("POST", "/api/webhooks", { url, events: ["request.created"] })).json();
      await call("POST", "/api/payment-requests", sam);
      const log = async () =>
        (await call("GET", `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries as {
          attempts: number;
          lastError: string | null;
        }[];
      await until(
        async () =>
          (await log()).some((d) => d.lastError === "No answer within 1 seconds." || d.attempts > 0),
        10_000,
      );
      expect(connections).toHaveLength(1);
      for (let i = 0; i < 3; i++) await call("POST", "/api/payment-requests", sam);
      // Their first tries come and go without a connection.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(connections).toHaveLength(1);
      const deliveries = await log();
      expect(deliveries).toHaveLength(4);
      expect(deliveries.filter((d) => d.attempts === 0)).toHaveLength(3);
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 30_000);
});
