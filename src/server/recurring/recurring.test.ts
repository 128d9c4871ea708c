import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "#server/clock.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { deliveries, paymentRequests, recurringSeries, reminders, users } from "#server/db/schema.ts";
import { LIMITS } from "#server/limits.ts";
import { REFUSALS } from "#server/mail/policy.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
  describeWith,
  freshDatabase,
  TEST_ORIGIN,
  type TestUser,
} from "#server/test/harness.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { messageIdFor, occurrenceKey } from "../queue/effects";
import { postgresUrlOf, startJobQueue } from "../queue/queue";
import { sweepRecurring } from "./recurring";

/**
 * The recurring job on a moved clock (docs/decisions/024-chasing.md): each occurrence is made at 9:00 in
 * the requester's zone (America/New_York by default) across daylight-saving changes, monthly on
 * the 31st falls on the last day of shorter months, count and end date stop a series, a paused
 * series skips, the payer is emailed or the requester notified, and two processes make each
 * occurrence once.
 */

type Captured = {
  to: string[];
  subject: string;
  text: string;
  from: string;
  replyTo: string;
  messageId: string;
};

async function captureMail() {
  const received: Captured[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((m: ParsedMail) => {
        received.push({
          to: [m.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase())),
          subject: m.subject ?? "",
          text: m.text ?? "",
          from: m.from?.text ?? "",
          replyTo: m.replyTo?.text ?? "",
          messageId: m.messageId ?? "",
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Moves the clock a minute at a time (the sweep runs each minute) until `check` holds. */
async function advanceUntil(clock: TestClock, check: () => Promise<boolean>, steps = 12) {
  for (let i = 0; i < steps; i++) {
    if (await check()) return;
    await clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  if (!(await check())) throw new Error(`not within ${steps} minutes`);
}

/** A few minutes of sweeps, for "nothing happens". */
async function idle(clock: TestClock, minutes = 3) {
  for (let i = 0; i < minutes; i++) {
    await clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/**
 * pg-boss's TestClock moves `pgboss.job_now()` only for sessions that opted in (`pgboss.test_clock`
 * = on): pg-boss's own pool does, the app's pool does not, so a job sent with `tx` (inside the
 * app's transaction) would be stamped with real time. A pool opened after this setting is on the
 * database reads the test clock everywhere. PGlite has one session: nothing to do.
 */
async function onTestClock(database: Database): Promise<Database | undefined> {
  if (database.kind !== "postgres") return undefined;
  const url = postgresUrlOf(database.db) ?? "";
  const name = new URL(url).pathname.slice(1);
  await database.db.execute(sql.raw(`ALTER DATABASE "${name}" SET pgboss.test_clock = 'on'`));
  return openDatabase({ kind: "postgres", url, poolSize: 5 });
}

describe.each(databaseKinds)("recurring requests on a moved clock [%s]", (kind) => {
  let database: Database;
  /** On PostgreSQL, the app's own pool, opened after its sessions opt into pg-boss's test clock. */
  let appDatabase: Database | undefined;
  let app: FastifyInstance;
  let clock: TestClock;
  let mail: Awaited<ReturnType<typeof captureMail>>;
  let user: TestUser;
  let userEmail: string;

  beforeAll(async () => {
    mail = await captureMail();
    database = await freshDatabase(kind);
    clock = createTestClock("2026-02-20T12:00:00Z");
    appDatabase = await onTestClock(database);
    app = await buildTestApp(
      appDatabase ?? database,
      // Rate limits on: a payer address's daily allowance of emails is one of them.
      { mail: { smtpUrl: mail.url, from: "Collect <no-reply@localhost>" } },
      { clock },
    );
    // The test template stamped pg-boss's last cron pass at real time; this clock starts earlier,
    // and pg-boss would wait for the stamp before its next pass.
    await database.db.execute(sql`UPDATE pgboss.version SET cron_on = NULL`);
    user = await createReadyUser(app, database.db);
    userEmail = user.email;
  });
  afterAll(async () => {
    await app?.close();
    await appDatabase?.close();
    await database?.close();
    await mail?.close();
  });

  const userIdOf = async (email: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";
  const create = async (body: Record<string, unknown>) => {
    const response = await as(app, user)("POST", "/api/recurring-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "(212) 555-0101",
      amount: "25",
      description: "Lessons",
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; nextDate: string | null; status: string };
  };
  const madeOf = (seriesId: string) =>
    database.db
      .select({
        date: paymentRequests.occurrenceDate,
        createdAt: paymentRequests.createdAt,
        status: paymentRequests.status,
      })
      .from(paymentRequests)
      .where(eq(paymentRequests.seriesId, seriesId))
      .orderBy(paymentRequests.occurrenceDate);
  const seriesOf = async (id: string) =>
    (
      (await as(app, user)("GET", "/api/recurring-requests")).json() as {
        id: string;
        nextDate: string | null;
        status: string;
        madeCount: number;
      }[]
    ).find((s) => s.id === id);

  /** Sets the clock to `at`, lets the sweep run, and returns what the series has made. */
  async function at(iso: string, seriesId: string, expected: number) {
    await clock.set(new Date(iso));
    if (expected > 0) await advanceUntil(clock, async () => (await madeOf(seriesId)).length >= expected);
    else await idle(clock, 2);
    return madeOf(seriesId);
  }

  it("weekly across the March change: 9:00 New York is 14:00Z before March 8 and 13:00Z after", async () => {
    const series = await create({ frequency: "weekly", startDate: "2026-03-02", count: 3 });
    expect(series).toMatchObject({ nextDate: "2026-03-02", status: "active" });

    expect(await at("2026-03-02T13:55:00Z", series.id, 0)).toHaveLength(0);
    const first = await at("2026-03-02T14:00:00Z", series.id, 1);
    expect(first.map((r) => r.date)).toEqual(["2026-03-02"]);
    expect(first[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-02T14:00:00Z"));
    expect(first[0]?.createdAt.getTime()).toBeLessThan(Date.parse("2026-03-02T14:15:00Z"));

    // March 9 is after the change: 8:55 EDT is 12:55Z, 9:00 EDT is 13:00Z.
    expect(await at("2026-03-09T12:52:00Z", series.id, 1)).toHaveLength(1);
    const second = await at("2026-03-09T13:00:00Z", series.id, 2);
    expect(second[1]?.date).toBe("2026-03-09");
    expect(second[1]?.createdAt.getTime()).toBeLessThan(Date.parse("2026-03-09T13:15:00Z"));

    const third = await at("2026-03-16T13:00:00Z", series.id, 3);
    expect(third.map((r) => r.date)).toEqual(["2026-03-02", "2026-03-09", "2026-03-16"]);
    // Count reached: the series has ended, and nothing more is made.
    expect(await seriesOf(series.id)).toMatchObject({ status: "ended", nextDate: null, madeCount: 3 });
    expect(await at("2026-03-23T14:00:00Z", series.id, 0)).toHaveLength(3);

    // The list says where each period stands, newest first. Before: it never said whether a
    // period was paid.
    const made = await database.db
      .select({ id: paymentRequests.id, code: paymentRequests.code })
      .from(paymentRequests)
      .where(eq(paymentRequests.seriesId, series.id))
      .orderBy(paymentRequests.occurrenceDate);
    await as(app, user)("PATCH", `/api/payment-requests/${made[0]?.id}/status`, { status: "paid" });
    const claim = await app.inject({
      method: "POST",
      url: `/api/payment-screen/${made[1]?.code}/claim`,
      headers: { origin: TEST_ORIGIN },
      payload: { via: "venmo", note: null },
    });
    expect(claim.statusCode, claim.body).toBe(204);
    await as(app, user)("POST", `/api/payment-requests/${made[2]?.id}/payments`, { amount: "10" });
    const listed = (await as(app, user)("GET", "/api/recurring-requests"))
      .json()
      .find((s: { id: string }) => s.id === series.id);
    expect(
      listed.periods.map((p: { occurrenceDate: string; status: string; claimed: boolean; left: string }) => [
        p.occurrenceDate,
        p.status,
        p.claimed,
        p.left,
      ]),
    ).toEqual([
      ["2026-03-16", "pending", false, "15.00"],
      ["2026-03-09", "pending", true, "25.00"],
      ["2026-03-02", "paid", false, "25.00"],
    ]);
  }, 120_000);

  it("each occurrence gets automatic reminders like any request: 3 and 7 days after, at 9:00 New York", async () => {
    const rows = await database.db
      .select({ date: paymentRequests.occurrenceDate, offset: reminders.offsetDays, dueAt: reminders.dueAt })
      .from(reminders)
      .innerJoin(paymentRequests, eq(paymentRequests.id, reminders.requestId))
      .where(
        and(
          eq(paymentRequests.userId, await userIdOf(userEmail)),
          sql`${paymentRequests.seriesId} is not null`,
        ),
      )
      .orderBy(paymentRequests.occurrenceDate, reminders.offsetDays);
    expect(rows.map((r) => [r.date, r.offset, r.dueAt.toISOString()])).toEqual([
      ["2026-03-02", 3, "2026-03-05T14:00:00.000Z"],
      ["2026-03-02", 7, "2026-03-09T13:00:00.000Z"],
      ["2026-03-09", 3, "2026-03-12T13:00:00.000Z"],
      ["2026-03-09", 7, "2026-03-16T13:00:00.000Z"],
      ["2026-03-16", 3, "2026-03-19T13:00:00.000Z"],
      ["2026-03-16", 7, "2026-03-23T13:00:00.000Z"],
    ]);
  });

  it("each occurrence without a payer email notifies the requester: “Lessons for Mon, Mar 2 is ready — Text Sam”", async () => {
    const noticesNow = () =>
      mail.received.filter((m) => m.to.includes(userEmail) && /is ready/.test(m.subject));
    await advanceUntil(clock, async () => noticesNow().length === 3);
    const notices = noticesNow();
    expect(notices.map((m) => m.subject).sort()).toEqual(
      [
        "Lessons for Mon, Mar 2 is ready",
        "Lessons for Mon, Mar 9 is ready",
        "Lessons for Mon, Mar 16 is ready",
      ].sort(),
    );
    expect(notices.find((m) => m.subject.includes("Mar 2 "))?.text).toContain(
      "Lessons for Mon, Mar 2 is ready — Text Sam",
    );
    expect(notices[0]?.text).toMatch(/http:\/\/localhost:3000\/\?request=[0-9a-f-]{36}/);
  });

  it("weekly across the November change: 13:00Z before November 1, 14:00Z after; an end date stops it", async () => {
    await clock.set(new Date("2026-10-20T12:00:00Z"));
    const series = await create({ frequency: "weekly", startDate: "2026-10-26", endDate: "2026-11-02" });
    const first = await at("2026-10-26T13:00:00Z", series.id, 1);
    expect(first[0]?.createdAt.getTime()).toBeLessThan(Date.parse("2026-10-26T13:15:00Z"));
    // November 2 is after the change: 13:30Z is 8:30 EST.
    expect(await at("2026-11-02T13:30:00Z", series.id, 1)).toHaveLength(1);
    const second = await at("2026-11-02T14:00:00Z", series.id, 2);
    expect(second.map((r) => r.date)).toEqual(["2026-10-26", "2026-11-02"]);
    expect(second[1]?.createdAt.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-11-02T14:00:00Z"));
    expect(await seriesOf(series.id)).toMatchObject({ status: "ended", nextDate: null, madeCount: 2 });
  }, 120_000);

  it("monthly on the 31st falls on Feb 28 and comes back to Mar 31; the payer is emailed each one", async () => {
    await clock.set(new Date("2026-12-01T12:00:00Z"));
    const series = await create({
      frequency: "monthly",
      startDate: "2026-12-31",
      count: 4,
      description: "Rent",
      amount: "1250",
      payerEmail: "alex@example.com",
    });
    // The requests themselves (each occurrence's reminders to Alex follow too, like any request's).
    const toAlex = () =>
      mail.received.filter(
        (m) => m.to.includes("alex@example.com") && /^Test U\. asks you for/.test(m.subject),
      );
    // Each email goes out within minutes (a real clock does not jump a month before it does).
    await at("2026-12-31T14:00:00Z", series.id, 1);
    await advanceUntil(clock, async () => toAlex().length === 1);
    await at("2027-01-31T14:00:00Z", series.id, 2);
    await advanceUntil(clock, async () => toAlex().length === 2);
    await at("2027-02-28T14:00:00Z", series.id, 3);
    await advanceUntil(clock, async () => toAlex().length === 3);
    const made = await at("2027-03-31T13:00:00Z", series.id, 4);
    expect(made.map((r) => r.date)).toEqual(["2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(await seriesOf(series.id)).toMatchObject({ status: "ended", madeCount: 4 });

    await advanceUntil(clock, async () => toAlex().length === 4);
    const emails = toAlex();
    // Collect writes the subject; the requester's words (the description) stay in the body, quoted.
    expect(emails.map((m) => m.subject)).toEqual([
      "Test U. asks you for $1,250.00 (December)",
      "Test U. asks you for $1,250.00 (January)",
      "Test U. asks you for $1,250.00 (February)",
      "Test U. asks you for $1,250.00 (March)",
    ]);
    const [first] = emails;
    expect(first?.from).toBe('"Test U. via Collect" <no-reply@localhost>');
    expect(first?.text).toContain("Their note: “Rent”");
    expect(first?.replyTo).toBe(userEmail);
    expect(first?.messageId).toBe(messageIdFor(occurrenceKey(series.id, "2026-12-31"), "localhost"));
    const [request] = await database.db
      .select({ code: paymentRequests.code, payerEmail: paymentRequests.payerEmail })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.seriesId, series.id), eq(paymentRequests.occurrenceDate, "2026-12-31")));
    expect(request?.payerEmail).toBe("alex@example.com");
    expect(first?.text).toContain(`http://localhost:3000/pay/${request?.code}`);
    // The payer's emails are not also announced to the requester.
    expect(mail.received.some((m) => m.to.includes(userEmail) && /Rent for/.test(m.subject))).toBe(false);
    // The last is recorded just after its SMTP answer (the mail server may have it a moment before).
    const states = async () =>
      (
        await database.db
          .select({ state: deliveries.state })
          .from(deliveries)
          .where(sql`${deliveries.key} LIKE ${`recurring:${series.id}:%`}`)
      ).map((d) => d.state);
    await expect.poll(states, { timeout: 10_000 }).toEqual(["sent", "sent", "sent", "sent"]);
  }, 180_000);

  it("a paused series makes nothing; resumed, it picks up at the next future occurrence", async () => {
    await clock.set(new Date("2027-04-01T12:00:00Z"));
    const series = await create({ frequency: "weekly", startDate: "2027-04-05" });
    await at("2027-04-05T13:00:00Z", series.id, 1);
    const paused = await as(app, user)("PATCH", `/api/recurring-requests/${series.id}`, { paused: true });
    expect(paused.json()).toMatchObject({ status: "paused", nextDate: "2027-04-12" });

    expect(await at("2027-04-26T15:00:00Z", series.id, 0)).toHaveLength(1);
    // While paused the list says where it would pick up: Apr 12, 19 and 26 have passed.
    expect(await seriesOf(series.id)).toMatchObject({ status: "paused", nextDate: "2027-05-03" });

    const resumed = await as(app, user)("PATCH", `/api/recurring-requests/${series.id}`, {
      paused: false,
      amount: "30",
      description: "Piano",
    });
    expect(resumed.json()).toMatchObject({
      status: "active",
      nextDate: "2027-05-03",
      amount: "30.00",
      description: "Piano",
    });
    const made = await at("2027-05-03T13:00:00Z", series.id, 2);
    expect(made.map((r) => r.date)).toEqual(["2027-04-05", "2027-05-03"]);
    const [latest] = await database.db
      .select({ amount: paymentRequests.amount, description: paymentRequests.description })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.seriesId, series.id), eq(paymentRequests.occurrenceDate, "2027-05-03")));
    expect(latest).toEqual({ amount: "30.00", description: "Piano" });

    // Ended: the requests it made stay, nothing more comes.
    const ended = await as(app, user)("DELETE", `/api/recurring-requests/${series.id}`);
    expect(ended.json()).toMatchObject({ status: "ended", nextDate: null, madeCount: 2 });
    expect(await at("2027-05-10T14:00:00Z", series.id, 0)).toHaveLength(2);
    expect((await madeOf(series.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
  }, 120_000);

  it("an occurrence's email counts toward its payer's allowance from this requester: past it it is not sent, and its card says so", async () => {
    // The requests and the occurrence on one day (9:00 New York is 13:00Z in June), whatever clock the counts follow.
    await clock.set(new Date("2027-06-02T12:00:00Z"));
    const to = "busy@example.com";
    const toBusy = () => mail.received.filter((m) => m.to.includes(to));
    for (let i = 0; i < LIMITS.payerMailPerPair.max; i++) {
      const created = await as(app, user)("POST", "/api/payment-requests", {
        recipientName: "Alex Kim",
        recipientPhone: "2125550101",
        amount: "5",
        payerEmail: to,
        sendBy: "email",
        reminderDays: [],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await advanceUntil(clock, async () => toBusy().length === LIMITS.payerMailPerPair.max, 40);
    const series = await create({ frequency: "weekly", startDate: "2027-06-02", count: 1, payerEmail: to });
    await at("2027-06-02T13:00:00Z", series.id, 1);
    const key = occurrenceKey(series.id, "2027-06-02");
    const delivery = async () =>
      (
        await database.db
          .select({ state: deliveries.state, lastError: deliveries.lastError })
          .from(deliveries)
          .where(eq(deliveries.key, key))
      )[0];
    await advanceUntil(clock, async () => (await delivery())?.state === "failed");
    expect(await delivery()).toEqual({ state: "failed", lastError: REFUSALS.pair });
    expect(toBusy()).toHaveLength(LIMITS.payerMailPerPair.max);
    const [made] = await database.db
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(eq(paymentRequests.seriesId, series.id));
    const card = ((await as(app, user)("GET", "/api/payment-requests")).json() as PaymentRequest[]).find(
      (r) => r.id === made?.id,
    );
    expect(card?.reminders).toMatchObject({ state: "failed", failedEmail: to });
  }, 120_000);

  it("rent-grade: due on the 1st, sent 5 days before, emailed with its due date and that it repeats; every field can change", async () => {
    // Before: "Start 12/01" made the request on the 1st at 9:00 with no due date, and after
    // creation only the amount and description could change.
    await clock.set(new Date("2027-07-20T12:00:00Z"));
    const series = await create({
      frequency: "monthly",
      startDate: "2027-08-01",
      sendDaysBefore: 5,
      amount: "1450",
      description: "Rent",
      payerEmail: "tenant@example.com",
    });
    expect(series).toMatchObject({ nextDate: "2027-08-01", sendDaysBefore: 5 });
    // Not on Jul 26 before 9:00 New York (13:00Z), then at once.
    expect(await at("2027-07-27T12:50:00Z", series.id, 0)).toHaveLength(0);
    const made = await at("2027-07-27T13:00:00Z", series.id, 1);
    expect(made.map((r) => r.date)).toEqual(["2027-08-01"]);
    const [first] = await database.db
      .select({ id: paymentRequests.id, dueDate: paymentRequests.dueDate })
      .from(paymentRequests)
      .where(eq(paymentRequests.seriesId, series.id));
    expect(first?.dueDate).toBe("2027-08-01");
    // Its reminders follow the due date (on it and 3 days after), not the day it went out.
    const due = await database.db
      .select({ offset: reminders.offsetDays, dueAt: reminders.dueAt })
      .from(reminders)
      .where(eq(reminders.requestId, first?.id as string))
      .orderBy(reminders.offsetDays);
    expect(due.map((r) => r.dueAt.toISOString())).toEqual([
      "2027-08-01T13:00:00.000Z",
      "2027-08-04T13:00:00.000Z",
    ]);
    await advanceUntil(clock, async () => mail.received.some((m) => m.to.includes("tenant@example.com")));
    const email = mail.received.find((m) => m.to.includes("tenant@example.com"));
    expect(email?.subject).toBe("Test U. asks you for $1,450.00 (August)");
    expect(email?.text).toContain("It is due Sunday, August 1.");
    expect(email?.text).toContain("It repeats every month.");

    // Every field of the occurrences to come: who, their email, the amount, the days ahead.
    const changed = await as(app, user)("PATCH", `/api/recurring-requests/${series.id}`, {
      recipientName: "Sam Rivera",
      recipientPhone: "(212) 555-0199",
      payerEmail: "",
      amount: "1500",
      sendDaysBefore: 0,
      // The series' own reminders: on the due day, the next day and five days after.
      reminderDays: [0, 1, 5],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      recipientName: "Sam Rivera",
      recipientPhone: "2125550199",
      payerEmail: null,
      amount: "1500.00",
      sendDaysBefore: 0,
      reminderDays: [0, 1, 5],
    });
    const refused = await as(app, user)("PATCH", `/api/recurring-requests/${series.id}`, {
      recipientPhone: "555",
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await as(app, user)("PATCH", `/api/recurring-requests/${series.id}`, { sendDaysBefore: 29 }))
        .statusCode,
    ).toBe(400);
    // Sent on the day now: not on Aug 27 nor Aug 31, then on Sep 1 at 9:00, to the new person.
    expect(await at("2027-08-31T13:05:00Z", series.id, 1)).toHaveLength(1);
    await at("2027-09-01T13:00:00Z", series.id, 2);
    const [september] = await database.db
      .select({
        name: paymentRequests.recipientName,
        phone: paymentRequests.recipientPhone,
        amount: paymentRequests.amount,
        dueDate: paymentRequests.dueDate,
      })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.seriesId, series.id), eq(paymentRequests.occurrenceDate, "2027-09-01")));
    expect(september).toEqual({
      name: "Sam Rivera",
      phone: "2125550199",
      amount: "1500.00",
      dueDate: "2027-09-01",
    });
    // Its reminders are the series' days from its due date, not the account's default.
    const septemberReminders = await database.db
      .select({ dueAt: reminders.dueAt })
      .from(reminders)
      .innerJoin(paymentRequests, eq(paymentRequests.id, reminders.requestId))
      .where(and(eq(paymentRequests.seriesId, series.id), eq(paymentRequests.occurrenceDate, "2027-09-01")))
      .orderBy(reminders.offsetDays);
    expect(septemberReminders.map((r) => r.dueAt.toISOString())).toEqual([
      "2027-09-02T13:00:00.000Z",
      "2027-09-06T13:00:00.000Z",
    ]);
  }, 120_000);
});

describeWith("TEST_DATABASE_URL", "two app processes on one PostgreSQL", () => {
  let database: Database;
  let second: Database;
  let apps: FastifyInstance[] = [];
  const clock = createTestClock("2026-12-01T12:00:00Z");

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    second = await openDatabase({ kind: "postgres", url: postgresUrlOf(database.db) ?? "", poolSize: 5 });
    apps = [
      await buildTestApp(database, { rateLimits: false }, { clock }),
      await buildTestApp(second, { rateLimits: false }, { clock }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.close();
  });

  it("both run the job, and racing sweeps besides: 30 series × 2 occurrences make 60 requests, once each", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const user = await createReadyUser(a, database.db);
    // Payer 0 reads Spanish (their contact says so): each of their occurrences is made in it.
    const contact = await as(a, user)("POST", "/api/payees", {
      name: "Payer 0",
      phone: "2125550100",
      language: "es",
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await as(a, user)("POST", "/api/recurring-requests", {
        recipientName: `Payer ${i}`,
        recipientPhone: `2125550${100 + i}`,
        amount: "10",
        description: "Dues",
        payerEmail: `payer${i}@example.com`,
        frequency: "weekly",
        startDate: "2026-12-07",
        count: 2,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    expect(b).toBeDefined();
    // Besides both apps' scheduled sweeps, two more processes' sweeps race on their own pools.
    const quiet = { warn: () => {}, error: () => {} };
    const racers = await Promise.all(
      [database, second].map(async (db) => ({
        db: db.db,
        jobs: await startJobQueue({ db: db.db, kind: "postgres", log: quiet, clock }),
      })),
    );
    const sweepAll = () =>
      Promise.all(
        racers.map((r) =>
          sweepRecurring({
            ...r,
            clock,
            publicUrl: "http://localhost:3000",
            notify: async () => {
              throw new Error("a series with a payer email never notifies");
            },
            // No endpoint here: nothing to record.
            webhooks: { emitRequest: async () => {} },
            log: quiet,
          }),
        ),
      );
    const count = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(paymentRequests)
          .where(sql`${paymentRequests.seriesId} IS NOT NULL`)
      )[0]?.n ?? 0;
    for (const day of ["2026-12-07", "2026-12-14"]) {
      await clock.set(new Date(`${day}T14:00:00Z`));
      const [x, y] = await sweepAll();
      await advanceUntil(clock, async () => (await count()) === (day === "2026-12-07" ? 30 : 60));
      expect((x ?? 0) + (y ?? 0)).toBeLessThanOrEqual(30);
    }
    await idle(clock, 3);
    await sweepAll();
    expect(await count()).toBe(60);
    const languages = await database.db
      .select({ phone: paymentRequests.recipientPhone, language: paymentRequests.language })
      .from(paymentRequests)
      .where(sql`${paymentRequests.seriesId} IS NOT NULL`);
    expect(languages.filter((r) => r.language !== null)).toEqual([
      { phone: "2125550100", language: "es" },
      { phone: "2125550100", language: "es" },
    ]);
    const perOccurrence = await database.db
      .select({
        seriesId: paymentRequests.seriesId,
        date: paymentRequests.occurrenceDate,
        n: sql<number>`count(*)::int`,
      })
      .from(paymentRequests)
      .where(sql`${paymentRequests.seriesId} IS NOT NULL`)
      .groupBy(paymentRequests.seriesId, paymentRequests.occurrenceDate);
    expect(perOccurrence).toHaveLength(60);
    expect(perOccurrence.every((r) => r.n === 1)).toBe(true);
    const keys = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(sql`${deliveries.key} LIKE 'recurring:%'`);
    expect(keys[0]?.n).toBe(60);
    const made = await database.db.select({ made: recurringSeries.madeCount }).from(recurringSeries);
    expect(made.every((s) => s.made === 2)).toBe(true);
    await Promise.all(racers.map((r) => r.jobs.stop()));
    const [owner] = await database.db.select({ id: users.id }).from(users);
    expect(owner).toBeDefined();
  }, 180_000);
});
