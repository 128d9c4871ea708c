import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { deliveries } from "#server/db/schema.ts";
import { openJobSchema } from "#server/queue/queue.ts";
import { codeOf } from "#server/test/fixtures.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
  freshDatabase,
  nextIp,
  TEST_ORIGIN,
  until,
} from "#server/test/harness.ts";
import { type ReceivedMail, startMailServer } from "#server/test/mail-server.ts";
import { requeueGivenUpMail } from "./given-up";

const MINUTE = 60_000;
const TOKEN = "metrics-token-0123456789";

/** A loopback port where no SMTP server listens yet: every send fails to connect. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The mail stack of one test: a test clock, an app whose SMTP server is down until `smtpUp()`. */
async function outage(database: Database, overrides: Parameters<typeof buildTestApp>[1] = {}) {
  const port = await freePort();
  const clock = createTestClock("2026-12-01T14:00:00Z");
  const logs: string[] = [];
  const app = await buildTestApp(
    database,
    {
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Collect <no-reply@collect.test>" },
      metrics: { port: undefined, host: undefined, token: TOKEN },
      logLevel: "warn",
      ...overrides,
    },
    { clock, logStream: { write: (line: string) => void logs.push(line) } },
  );
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;
  return {
    app,
    clock,
    logs,
    received: (): ReceivedMail[] => mail?.received ?? [],
    smtpUp: async () => {
      mail = await startMailServer({ port });
    },
    close: async () => {
      await app.close();
      await mail?.close();
    },
  };
}

/** Moves the test clock on by `ms`, once no job attempt is running (a jump past one would expire it). */
async function step(database: Database, clock: TestClock, ms: number) {
  await until(async () => {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where state = 'active'`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]?.n === 0;
  }, 10_000);
  await clock.advance(ms);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const mailDeliveries = (database: Database) =>
  database.db
    .select()
    .from(deliveries)
    .where(sql`${deliveries.kind} <> 'push' and ${deliveries.kind} <> 'recurring-notify'`);

const ask = { recipientName: "Priya Shah", recipientPhone: "2125550101", amount: "14.50", sendBy: "email" };

describe.each(databaseKinds)("mail through an SMTP outage [%s]", (kind) => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const one of opened.reverse()) await one.close();
  });

  it("every kind of mail waits out a 24-hour outage, then arrives once; /readyz says mail is degraded meanwhile", async () => {
    const database = await freshDatabase(kind);
    opened.push(database);
    const stack = await outage(database);
    opened.push(stack);
    const { app, clock } = stack;
    const readyz = async () => {
      const answer = await app.inject({ method: "GET", url: "/readyz" });
      return { status: answer.statusCode, body: answer.json() };
    };

    // One of each: the requester's own address confirmation (at sign-up), a request emailed to
    // its payer, the payer's "I've paid" told to the requester by email, a password reset, a
    // newcomer's address confirmation, a sign-up notice.
    const user = await createReadyUser(app, database.db);
    const created = await as(app, user)("POST", "/api/payment-requests", {
      ...ask,
      payerEmail: "payer@outage.test",
    });
    expect(created.statusCode, created.body).toBe(201);
    const claimed = await app.inject({
      method: "POST",
      url: `/api/payment-screen/${codeOf(created.json().request)}/claim`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ via: "venmo" }),
    });
    expect(claimed.statusCode, claimed.body).toBe(204);
    const identity = (url: string, payload: object) =>
      app.inject({
        method: "POST",
        url: `/api/identity/${url}`,
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
    expect(
      (await identity("request-password-reset", { email: user.email, redirectTo: "/reset-password" }))
        .statusCode,
    ).toBe(200);
    const newcomer = "newcomer@outage.test";
    const password = "correct horse battery";
    expect((await identity("sign-up/email", { email: newcomer, password, name: "" })).statusCode).toBe(200);
    expect((await identity("sign-up/email", { email: user.email, password, name: "" })).statusCode).toBe(200);

    // Six messages, each tried and failed at once (nothing listens).
    const kinds = ["account-email", "account-email", "account-email", "account-email", "email", "email"];
    await until(async () => {
      const rows = await mailDeliveries(database);
      return rows.length === 6 && rows.every((row) => row.attempts >= 1);
    }, 10_000);
    expect((await mailDeliveries(database)).map((row) => row.kind).sort()).toEqual(kinds);
    expect(await readyz()).toEqual({ status: 200, body: { status: "degraded", degraded: ["mail"] } });

    // 23 h 30 min of outage, half an hour at a time: nothing given up, nothing lost.
    for (let i = 0; i < 47; i++) await step(database, clock, 30 * MINUTE);
    const waiting = await mailDeliveries(database);
    expect(new Set(waiting.map((row) => row.state))).toEqual(new Set(["pending"]));
    expect(Math.min(...waiting.map((row) => row.attempts))).toBeGreaterThan(20);

    await stack.smtpUp();
    for (let i = 0; i < 6 && (await mailDeliveries(database)).some((row) => row.state !== "sent"); i++)
      await step(database, clock, 30 * MINUTE);
    const sent = await mailDeliveries(database);
    expect(sent.map((row) => row.state)).toEqual(Array(6).fill("sent"));
    // Once each: one message per delivery, under the delivery's own Message-ID.
    const ids = stack.received().map((m) => m.headers?.["message-id"]);
    expect(ids.sort()).toEqual(sent.map((row) => row.messageId).sort());
    const subjects = (to: string) =>
      stack
        .received()
        .filter((m) => m.to.includes(to))
        .map((m) => m.subject);
    expect(subjects("payer@outage.test")).toHaveLength(1);
    expect(subjects(newcomer)).toEqual([expect.stringMatching(/Confirm your email/)]);
    const own = subjects(user.email.toLowerCase());
    expect(own).toHaveLength(4);
    for (const subject of [/Confirm your email/, /paid/i, /Reset your Collect password/, /tried to sign up/])
      expect(own.filter((s) => subject.test(s))).toHaveLength(1);
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready" } });
    // The links were secrets: once sent, the account mail's jobs keep neither the address nor the link.
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'account-mail' and (data ? 'url' or data ? 'to')`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  }, 120_000);

  it("mail that finally fails is shown, logged without its address, counted, and mail:retry sends it once", async () => {
    const database = await freshDatabase(kind);
    opened.push(database);
    // Given up after an hour here, instead of a day.
    const short = await outage(database, {
      jobs: {
        expireSeconds: 60,
        superviseSeconds: 30,
        retryDelayMaxSeconds: 3_600,
        mailRetryDelaySeconds: 15,
        mailGiveUpHours: 1,
        sendsPerSecondWhenBusy: 20,
      },
    });
    opened.push(short);
    const { app, clock } = short;
    const user = await createReadyUser(app, database.db);
    const created = await as(app, user)("POST", "/api/payment-requests", {
      ...ask,
      payerEmail: "late@outage.test",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().request as { id: string };
    const key = `request-email:${id}`;
    const state = async () =>
      (await database.db.select().from(deliveries).where(eq(deliveries.key, key)))[0]?.state;
    for (let i = 0; i < 16 && (await state()) !== "failed"; i++) await step(database, clock, 30 * MINUTE);
    expect(await state()).toBe("failed");

    // The requester's card says the email did not go out.
    const [card] = (await as(app, user)("GET", "/api/payment-requests")).json();
    expect(card.reminders).toMatchObject({ state: "failed", failedEmail: "late@outage.test" });
    // The operator's log names the queue and the delivery, never the address.
    // (The requester's own confirmation from sign-up was given up too.)
    const givenUp = parsed(short.logs).filter((line) => line.msg === "mail given up");
    expect(givenUp.filter((line) => line.queue === "payer-mail")).toEqual([
      expect.objectContaining({ queue: "payer-mail", key }),
    ]);
    expect(givenUp.map((line) => line.queue).sort()).toEqual(["account-mail", "payer-mail"]);
    expect(JSON.stringify(givenUp)).not.toContain("@");
    const metric = async () =>
      (await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body.match(
        /collect_jobs_given_up\{queue="payer-mail"\} (\d+)/,
      )?.[1];
    expect(await metric()).toBe("1");

    // SMTP fixed, the operator runs `npm run mail:retry`: it goes, once.
    await short.smtpUp();
    const schema = await openJobSchema({ db: database.db, kind, log: { warn: () => {}, error: () => {} } });
    opened.push({ close: () => schema.stop() });
    expect(await requeueGivenUpMail(database.db, schema)).toEqual({
      total: 2,
      byQueue: { "payer-mail": 1, "account-mail": 1 },
    });
    expect(await state()).toBe("pending");
    for (let i = 0; i < 5 && (await state()) !== "sent"; i++) await step(database, clock, MINUTE);
    expect(await state()).toBe("sent");
    expect(short.received().filter((m) => m.to.includes("late@outage.test"))).toHaveLength(1);
    expect(await metric()).toBe("0");
  }, 120_000);
});

function parsed(logs: string[]): Record<string, unknown>[] {
  return logs.map((line) => JSON.parse(line) as Record<string, unknown>);
}
