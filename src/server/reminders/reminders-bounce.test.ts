import type { AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { deliveries } from "#server/db/schema.ts";
import { REFUSALS } from "#server/mail/policy.ts";
import { as, buildTestApp, createReadyUser, databaseKinds, freshDatabase } from "#server/test/harness.ts";

// A mail server that refuses one mailbox the way a bounce does (550 at RCPT TO).
async function refusingServer() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === "gone@example.com") {
        const error = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, server };
}

describe.each(databaseKinds)("an email to the payer that bounces [%s]", (kind) => {
  let database: Database;
  let clock: TestClock;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof refusingServer>>;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    smtp = await refusingServer();
    clock = createTestClock("2026-11-25T12:00:00Z");
    app = await buildTestApp(
      database,
      { mail: { smtpUrl: smtp.url, from: "Collect <no-reply@collect.test>" } },
      { clock },
    );
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
    await database?.close();
  });

  it("is not retried and shows on the card as not delivered, until the request is cancelled", async () => {
    const call = as(app, await createReadyUser(app, database.db));
    const created = await call("POST", "/api/payment-requests", {
      recipientName: "Alex Kim",
      recipientPhone: "2125550101",
      amount: "25",
      payerEmail: "gone@example.com",
      sendBy: "email",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().request.id;
    let reminders: { state: string; failedEmail: string | null } | undefined;
    for (let i = 0; i < 60 && reminders?.state !== "failed"; i++) {
      await clock.advance(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      reminders = (await call("GET", "/api/payment-requests"))
        .json()
        .find((r: { id: string }) => r.id === id)?.reminders;
    }
    expect(reminders).toMatchObject({ state: "failed", failedEmail: "gone@example.com" });
    // Cancelled, the request asks nothing of the payer: its card no longer warns about the email.
    const cancelled = await call("PATCH", `/api/payment-requests/${id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().reminders).toMatchObject({ state: "none", failedEmail: null });
  });

  it("sends one address at most 20 emails a day from everyone together; the 21st shows as not delivered", async () => {
    // A confirmed account may mail payers, 60 requests a minute: three of them, or three
    // hundred, could still bury one inbox. The address's own allowance bounds them all.
    const to = "popular@example.com";
    const made: string[] = [];
    for (let user = 0; user < 3; user++) {
      const call = as(app, await createReadyUser(app, database.db));
      for (let i = 0; i < 7; i++) {
        const created = await call("POST", "/api/payment-requests", {
          recipientName: "Alex Kim",
          recipientPhone: "2125550101",
          amount: "25",
          payerEmail: to,
          sendBy: "email",
          reminderDays: [],
        });
        expect(created.statusCode, created.body).toBe(201);
        made.push(created.json().request.id);
      }
    }
    const states = async () =>
      (
        await database.db
          .select({ state: deliveries.state, lastError: deliveries.lastError })
          .from(deliveries)
          .where(
            inArray(
              deliveries.key,
              made.map((id) => `request-email:${id}`),
            ),
          )
      ).filter((d) => d.state !== "pending");
    for (let i = 0; i < 60 && (await states()).length < 21; i++) {
      await clock.advance(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const done = await states();
    expect(done.filter((d) => d.state === "sent")).toHaveLength(20);
    expect(done.filter((d) => d.state === "failed")).toEqual([
      { state: "failed", lastError: REFUSALS.recipient },
    ]);
  });
});
