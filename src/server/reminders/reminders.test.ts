import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { deliveries, reminders, users } from "#server/db/schema.ts";
// app.reminders (the sweep) is declared there.
import type {} from "#server/reminders/reminders.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
  freshDatabase,
  TEST_ORIGIN,
  type TestUser,
  until,
} from "#server/test/harness.ts";
import { linkIn, startMailServer } from "#server/test/mail-server.ts";

/** MAIL_RECEIPT_DELAY_SECONDS's default, as the test apps have it. */
const RECEIPT_DELAY_MS = 120_000;
const body = { recipientName: "Alex Kim", recipientPhone: "2125550101", amount: "25", description: "Lunch" };

describe.each(databaseKinds)("automatic reminders [%s]", (kind) => {
  let database: Database;
  let clock: TestClock;
  let app: FastifyInstance;
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    mail = await startMailServer();
    // 07:00 in New York on Wednesday, November 25, 2026.
    clock = createTestClock("2026-11-25T12:00:00Z");
    app = await buildTestApp(
      database,
      { mail: { smtpUrl: mail.url, from: "Collect <no-reply@collect.test>" } },
      { clock },
    );
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
    await database?.close();
  });

  const rowsOf = (requestId: string) =>
    database.db
      .select()
      .from(reminders)
      .where(eq(reminders.requestId, requestId))
      .orderBy(reminders.offsetDays);
  const create = async (user: TestUser, extra: object = {}) => {
    const response = await as(app, user)("POST", "/api/payment-requests", { ...body, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().request;
  };
  /**
   * The mail that arrives at `to`: a job enqueued in a transaction waits for its worker's poll,
   * and polls move with the test clock, so the clock steps 2 s at a time until it arrives.
   */
  const arrives = async (to: string, subject: RegExp) => {
    for (let i = 0; i < 40; i++) {
      const found = mail.received.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      await clock.advance(2_000);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    return mail.waitFor(to, subject, 100);
  };
  /** Moves the test clock to `iso` and runs the sweep as the minute's schedule would. */
  const at = async (iso: string) => {
    await clock.set(new Date(iso));
    return app.reminders.sweep();
  };

  it("emails payers only for a confirmed account: a throwaway one cannot make Collect mail anyone", async () => {
    // Before: an unconfirmed account named itself "PayPal Account Security" and Collect mailed
    // any address it gave, with its own reply-to, 60 a minute and 4 reminders each.
    const user = await createReadyUser(app);
    const call = as(app, user);
    const payerEmail = "victim@target.test";
    const series = {
      ...body,
      payerEmail,
      frequency: "weekly",
      startDate: "2026-12-01",
      count: 3,
    };
    for (const [url, payload] of [
      ["/api/payment-requests", { ...body, payerEmail, sendBy: "email" }],
      // Texted, the request still emails its reminders and receipt to the payer.
      ["/api/payment-requests", { ...body, payerEmail, sendBy: "text" }],
      ["/api/recurring-requests", series],
    ] as const) {
      const refused = await call("POST", url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        message: "Please confirm your email address before Collect emails a payer for you.",
        code: "forbidden",
      });
    }
    expect((await call("GET", "/api/payment-requests")).json()).toEqual([]);
    expect((await call("GET", "/api/recurring-requests")).json()).toEqual([]);
    // Without a payer email it is the spec's request, texted from the phone.
    expect((await call("POST", "/api/payment-requests", body)).statusCode).toBe(201);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, user.email));
    await create(user, { payerEmail, sendBy: "email" });
    expect((await call("POST", "/api/recurring-requests", series)).statusCode).toBe(201);
    const mailed = await arrives(payerEmail, /asks you for \$25\.00/);
    expect(mail.received.filter((m) => m.to.includes(payerEmail))).toEqual([mailed]);
  });

  it("without a due date: 3 and 7 days after it was sent, at 9:00 in the requester's zone", async () => {
    const request = await create(await createReadyUser(app, database.db));
    expect(request.dueDate).toBeNull();
    expect(request.reminderDays).toBeNull();
    expect(request.reminders).toMatchObject({ state: "scheduled", nextAt: "2026-11-28T14:00:00.000Z" });
    const rows = await rowsOf(request.id);
    expect(rows.map((r) => [r.offsetDays, r.dueAt.toISOString()])).toEqual([
      [3, "2026-11-28T14:00:00.000Z"],
      [7, "2026-12-02T14:00:00.000Z"],
    ]);
  });

  it("with a due date: on it and 3 days after; custom offsets; none", async () => {
    const user = await createReadyUser(app, database.db);
    const due = await create(user, { dueDate: "2026-12-04" });
    expect(due.dueDate).toBe("2026-12-04");
    expect((await rowsOf(due.id)).map((r) => [r.offsetDays, r.dueAt.toISOString()])).toEqual([
      [0, "2026-12-04T14:00:00.000Z"],
      [3, "2026-12-07T14:00:00.000Z"],
    ]);
    const page = await app.inject({ method: "GET", url: `/pay/${due.shortUrl.split("/").pop()}` });
    expect(page.body).toContain("Due Friday, December 4");
    const custom = await create(user, { reminderDays: [10, 1, 5] });
    expect(custom.reminderDays).toEqual([1, 5, 10]);
    expect((await rowsOf(custom.id)).map((r) => r.offsetDays)).toEqual([1, 5, 10]);
    const none = await create(user, { reminderDays: [] });
    expect(await rowsOf(none.id)).toEqual([]);
    expect(none.reminders.state).toBe("none");
  });

  it("refuses a past, far or unreal due date in the requester's zone, and bad reminder days", async () => {
    const call = as(app, await createReadyUser(app, database.db));
    // 07:00 in New York is still the 25th there: the 25th is today, the 24th is past.
    expect((await call("POST", "/api/payment-requests", { ...body, dueDate: "2026-11-25" })).statusCode).toBe(
      201,
    );
    const past = await call("POST", "/api/payment-requests", { ...body, dueDate: "2026-11-24" });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("Choose a due date from today on.");
    const far = await call("POST", "/api/payment-requests", { ...body, dueDate: "2027-11-26" });
    expect(far.json().message).toBe("Choose a due date within a year.");
    expect((await call("POST", "/api/payment-requests", { ...body, dueDate: "2026-02-30" })).statusCode).toBe(
      400,
    );
    const many = await call("POST", "/api/payment-requests", { ...body, reminderDays: [1, 2, 3, 4, 5] });
    expect(many.json().message).toContain("at most 4 reminders");
    const emailOnly = await call("POST", "/api/payment-requests", { ...body, sendBy: "email" });
    expect(emailOnly.statusCode).toBe(400);
  });

  it("changes a request's schedule (PATCH), stops it, and owner-scopes both", async () => {
    const owner = await createReadyUser(app, database.db);
    const other = as(app, await createReadyUser(app, database.db));
    const request = await create(owner);
    const patched = await as(app, owner)("PATCH", `/api/payment-requests/${request.id}`, {
      dueDate: "2026-12-10",
      reminderDays: [1],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ dueDate: "2026-12-10", reminderDays: [1] });
    expect((await rowsOf(request.id)).map((r) => [r.offsetDays, r.dueAt.toISOString()])).toEqual([
      [1, "2026-12-11T14:00:00.000Z"],
    ]);
    expect(
      (await other("PATCH", `/api/payment-requests/${request.id}`, { reminderDays: [] })).statusCode,
    ).toBe(404);
    expect((await other("POST", `/api/payment-requests/${request.id}/stop-reminders`)).statusCode).toBe(404);
    const stopped = await as(app, owner)("POST", `/api/payment-requests/${request.id}/stop-reminders`);
    expect(stopped.json().reminders.state).toBe("stopped");
    expect((await rowsOf(request.id)).map((r) => r.state)).toEqual(["skipped"]);
  });

  it("splits take one due date for every share", async () => {
    const call = as(app, await createReadyUser(app, database.db));
    const split = await call("POST", "/api/splits", {
      total: "30",
      dueDate: "2026-12-01",
      people: [
        { name: "Ana", phone: "2125550111" },
        { name: "Bo", phone: "2125550112" },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().dueDate).toBe("2026-12-01");
    for (const share of split.json().shares) {
      expect(share.request.dueDate).toBe("2026-12-01");
      expect((await rowsOf(share.request.id)).map((r) => r.offsetDays)).toEqual([0, 3]);
    }
    const past = await call("POST", "/api/splits", {
      total: "30",
      dueDate: "2026-11-01",
      people: [{ name: "Ana", phone: "2125550111" }],
    });
    expect(past.statusCode).toBe(400);
  });
  it("tells the requester when no payer email; skips paid and cancelled; pauses on a claim", async () => {
    const owner = await createReadyUser(app, database.db);
    const call = as(app, owner);
    const plain = await create(owner);
    const paid = await create(owner);
    const cancelled = await create(owner);
    const claimed = await create(owner);
    await call("PATCH", `/api/payment-requests/${paid.id}/status`, { status: "paid" });
    await call("PATCH", `/api/payment-requests/${cancelled.id}/status`, { status: "cancelled" });
    const code = claimed.shortUrl.split("/").pop();
    const claim = await app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ via: "venmo" }),
    });
    expect(claim.statusCode, claim.body).toBeLessThan(300);

    await at("2026-11-28T14:00:30Z");
    const stateOf = async (id: string) => (await rowsOf(id)).map((r) => r.state);
    expect(await stateOf(plain.id)).toEqual(["sent", "scheduled"]);
    expect(await stateOf(paid.id)).toEqual(["skipped", "scheduled"]);
    expect(await stateOf(cancelled.id)).toEqual(["skipped", "scheduled"]);
    expect(await stateOf(claimed.id)).toEqual(["scheduled", "scheduled"]);
    const [notice] = await database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, `reminder:${plain.id}:3`));
    expect(notice?.kind).toBe("notify");
    const email = (await database.db.select({ email: users.email }).from(users)).find(
      (u) => u.email === owner.email,
    );
    const told = await arrives(email?.email as string, /Time to remind Alex/);
    expect(told.text).toContain("Time to remind Alex — $25.00 for Lunch, sent 3 days ago");
    expect(told.text).toContain(`/?request=${plain.id}&remind=1`);
    const listed = (await call("GET", "/api/payment-requests")).json();
    expect(listed.find((r: { id: string }) => r.id === plain.id).reminders).toMatchObject({
      state: "due",
      lastChannel: "requester",
    });
    expect(listed.find((r: { id: string }) => r.id === claimed.id).reminders.state).toBe("paused");
    // The existing Remind clears "Reminder due"; a second sweep of the same minute does nothing.
    await call("POST", `/api/payment-requests/${plain.id}/remind`);
    expect(await app.reminders.sweep()).toBe(0);
    const again = (await call("GET", "/api/payment-requests")).json();
    expect(again.find((r: { id: string }) => r.id === plain.id).reminders.state).toBe("scheduled");
  });

  // The test clock only moves forward (a queue's polls wait for it): this runs on the 28th.
  it("emails the payer the request and reminders with a one-click stop, and a receipt when paid", async () => {
    const owner = await createReadyUser(app, database.db);
    const request = await create(owner, {
      payerEmail: "alex@example.com",
      sendBy: "both",
      dueDate: "2026-12-04",
    });
    expect(request.payerEmail).toBe("alex@example.com");
    const asked = await arrives("alex@example.com", /^Test U\. asks you for \$25\.00$/);
    // From "Test U. via Collect" at Collect's address; replies reach the requester's confirmed address.
    expect(asked.from).toContain("Test U. via Collect");
    expect(asked.from).toContain("<no-reply@collect.test>");
    expect(asked.headers?.["reply-to"]).toContain(owner.email.toLowerCase());
    expect(asked.text).toContain("Their note: “Lunch”");
    expect(asked.text).toContain("It is due Friday, December 4.");
    expect(asked.text).toContain(request.shortUrl);
    expect(asked.text).toContain("Collect never asks for passwords or card numbers.");
    expect(asked.text).toContain(`Test User (${owner.email.toLowerCase()}) sent this through Collect`);
    expect(asked.headers?.["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(asked.headers?.["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/stop\/[^>]+>$/,
    );

    await at("2026-12-04T14:00:10Z");
    const reminder = await arrives("alex@example.com", /^Reminder: Test U\./);
    expect(reminder.text).toContain("A friendly reminder: Test U. asks you for $25.00.");
    const stop = linkIn(reminder, `${TEST_ORIGIN}/api/payment-requests/stop-reminders/`);
    const path = new URL(stop).pathname;
    expect((await app.inject({ method: "GET", url: path })).body).toContain(
      "Stop reminders for this request",
    );
    // No session, from another site, as a mail client's one-click: still stops (and only this).
    const stopped = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await rowsOf(request.id)).map((r) => r.state)).toEqual(["sent", "skipped"]);
    // The requester's card says the payer stopped them, and schedules nothing.
    const card = (await as(app, owner)("GET", "/api/payment-requests"))
      .json()
      .find((r: { id: string }) => r.id === request.id);
    expect(card.reminders).toMatchObject({ state: "stopped", stoppedBy: "payer", nextAt: null });
    const forged = await app.inject({ method: "POST", url: `${path.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
    await at("2026-12-07T14:00:10Z");
    const sentToAlex = mail.received.filter(
      (m) => m.to.includes("alex@example.com") && /^Reminder/.test(m.subject),
    );
    expect(sentToAlex).toHaveLength(1);

    await as(app, owner)("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    // The receipt waits out the Undo window.
    await clock.advance(RECEIPT_DELAY_MS);
    const receipt = await arrives("alex@example.com", /^Receipt: \$25\.00 to Test U\.$/);
    expect(receipt.text).toContain("Test U. marked your payment of $25.00 as received");
    await until(async () => {
      const [row] = await database.db
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `receipt:${request.id}:%`));
      return row?.state === "sent";
    });
  });

  it("sends no receipt for a payment undone within the Undo window, and corrects one already sent", async () => {
    // Before: Mark Paid queued the receipt with no delay; Undo 1.2 s later reverted the status, but
    // "… marked your payment of $1,450.00 as received" had gone at +64 ms, and no correction followed.
    const owner = await createReadyUser(app, database.db);
    const call = as(app, owner);
    const payerEmail = "tenant@example.com";
    const receipts = () =>
      mail.received.filter((m) => m.to.includes(payerEmail) && /^Receipt/.test(m.subject));
    const request = await create(owner, { amount: "1450", payerEmail, sendBy: "email", reminderDays: [] });
    await arrives(payerEmail, /asks you for \$1,450\.00/);

    expect(
      (await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" })).statusCode,
    ).toBe(200);
    await clock.advance(1_200);
    const undone = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" });
    expect(undone.json()).toMatchObject({ status: "pending" });
    // Well past the window: the receipt's job ran, found the payment undone, and sent nothing.
    for (let i = 0; i < 10; i++) {
      await clock.advance(RECEIPT_DELAY_MS / 4);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await until(async () => {
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `receipt:${request.id}:%`));
      return rows.length === 1 && rows[0]?.state === "failed";
    });
    expect(receipts()).toEqual([]);

    // Marked paid for real: one receipt after the window. Marked not paid later: a correction.
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    await clock.advance(RECEIPT_DELAY_MS);
    await arrives(payerEmail, /^Receipt: \$1,450\.00/);
    await until(async () => {
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `receipt:${request.id}:%`));
      return rows.some((row) => row.state === "sent");
    });
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" });
    const correction = await arrives(payerEmail, /^Correction: Test U\. has not received \$1,450\.00 yet$/);
    expect(correction.text).toContain("the receipt we sent earlier no longer stands");
    expect(receipts()).toHaveLength(1);
  });
  it("asks in its reminder email for what is left after a part payment, and sends the receipt when nothing is", async () => {
    // Before: a tenant who had paid $1,000 of $1,450 was reminded of the whole $1,450.00.
    const owner = await createReadyUser(app, database.db);
    const call = as(app, owner);
    const payerEmail = "part@example.com";
    const request = await create(owner, {
      amount: "1450",
      payerEmail,
      sendBy: "email",
      dueDate: "2026-12-21",
    });
    await arrives(payerEmail, /asks you for \$1,450\.00/);
    const part = await call("POST", `/api/payment-requests/${request.id}/payments`, { amount: "1000" });
    expect(part.statusCode, part.body).toBe(201);
    await at("2026-12-21T14:00:10Z");
    const reminder = await arrives(payerEmail, /^Reminder: Test U\./);
    expect(reminder.text).toContain("asks you for $450.00");
    expect(reminder.text).not.toContain("1,450");
    const rest = await call("POST", `/api/payment-requests/${request.id}/payments`, { amount: "450" });
    expect(rest.json()).toMatchObject({ status: "paid" });
    await clock.advance(RECEIPT_DELAY_MS);
    const receipt = await arrives(payerEmail, /^Receipt: \$1,450\.00 to Test U\.$/);
    expect(receipt.text).toContain("marked your payment of $1,450.00 as received");
  });
  it("reminds a person of several requests in one email: those due together, and those due within the day", async () => {
    // Before: three rents to Sam were three reminder emails, on three mornings.
    const owner = await createReadyUser(app, database.db);
    const call = as(app, owner);
    const sam = {
      recipientName: "Sam Lee",
      recipientPhone: "2125550188",
      payerEmail: "sam@example.com",
      sendBy: "email",
    };
    const rent = (description: string, dueDate: string, amount = "1450") =>
      create(owner, { ...sam, description, dueDate, amount, reminderDays: [0] });
    const october = await rent("Rent October", "2026-12-28");
    const november = await rent("Rent November", "2026-12-28", "1000");
    const december = await rent("Rent December", "2026-12-29");
    const january = await rent("Rent January", "2026-12-31");
    // Another mailbox for the same number hears on its own.
    const other = await create(owner, {
      ...sam,
      payerEmail: "lee@example.com",
      dueDate: "2026-12-28",
      reminderDays: [0],
    });
    const reminded = () =>
      mail.received.filter((m) => m.to.includes("sam@example.com") && /^Reminder/.test(m.subject));
    const stateOf = async (id: string) => (await rowsOf(id)).map((r) => r.state);

    await at("2026-12-28T14:00:10Z");
    const first = await arrives("sam@example.com", /^Reminder: Test U\. asks you for \$3,900\.00 in all$/);
    expect(first.text).toContain(
      "A friendly reminder: Test U. asks you for $3,900.00 in all, for 3 requests:",
    );
    expect(first.text).toContain("“Rent October”: $1,450.00, due Monday, December 28");
    expect(first.text).toContain("“Rent November”: $1,000.00, due Monday, December 28");
    // December's reminder (tomorrow morning) came along; January's (in three days) did not.
    expect(first.text).toContain("“Rent December”: $1,450.00, due Tuesday, December 29");
    expect(first.text).not.toContain("Rent January");
    // Not all that is open with Sam's number (January, and Lee's): each its own link, not one
    // for a total no page asks for.
    expect(first.text).toContain(`Pay “Rent October”: ${october.shortUrl}`);
    expect(first.text).toContain(`Pay “Rent December”: ${december.shortUrl}`);
    expect(first.text).not.toContain("Pay $3,900.00");
    await arrives("lee@example.com", /^Reminder: Test U\. asks you for \$25\.00$/);
    for (const id of [october.id, november.id, december.id, other.id])
      expect(await stateOf(id)).toEqual(["sent"]);
    expect(await stateOf(january.id)).toEqual(["scheduled"]);

    // The next morning sends nothing more to Sam; January's day reminds of January alone.
    await at("2026-12-29T14:00:10Z");
    await clock.advance(10_000);
    expect(reminded()).toHaveLength(1);
    await call("PATCH", `/api/payment-requests/${october.id}/status`, { status: "paid" });
    await at("2026-12-31T14:00:10Z");
    const alone = await arrives("sam@example.com", /^Reminder: Test U\. asks you for \$1,450\.00$/);
    expect(alone.text).toContain("A friendly reminder: Test U. asks you for $1,450.00.");
    expect(alone.text).toContain("Stop reminders for this request");
    expect(reminded()).toHaveLength(2);

    // Everything open with a person, reminded together: one link to their "Request all" page.
    const ana = {
      recipientName: "Ana Diaz",
      recipientPhone: "2125550177",
      payerEmail: "ana@example.com",
      sendBy: "email",
    };
    await create(owner, {
      ...ana,
      amount: "30",
      description: "Tickets",
      dueDate: "2027-01-02",
      reminderDays: [0],
    });
    await create(owner, {
      ...ana,
      amount: "12",
      description: "Snacks",
      dueDate: "2027-01-02",
      reminderDays: [0],
    });
    await at("2027-01-02T14:00:10Z");
    const both = await arrives("ana@example.com", /^Reminder: Test U\. asks you for \$42\.00 in all$/);
    const anaLink = (await call("POST", `/api/balances/${ana.recipientPhone}/link`, {})).json();
    expect(both.text).toContain(`Pay $42.00: ${anaLink.shortUrl}`);

    // Two reminders of one request due at once (the app was down on the first's day): one email.
    const late = await create(owner, {
      ...body,
      payerEmail: "pat@example.com",
      dueDate: "2027-01-04",
      reminderDays: [0, 1],
    });
    await at("2027-01-05T14:00:10Z");
    const once = await arrives("pat@example.com", /^Reminder: Test U\. asks you for \$25\.00$/);
    expect(once.text).toContain("Stop reminders for this request");
    await clock.advance(10_000);
    expect(
      mail.received.filter((m) => m.to.includes("pat@example.com") && /^Reminder/.test(m.subject)),
    ).toHaveLength(1);
    expect(await stateOf(late.id)).toEqual(["sent", "sent"]);

    // A request's own next reminder, due within the day, still goes out on its day.
    const daily = await create(owner, {
      ...body,
      payerEmail: "kim@example.com",
      dueDate: "2027-01-10",
      reminderDays: [0, 1],
    });
    const toKim = () =>
      mail.received.filter((m) => m.to.includes("kim@example.com") && /^Reminder/.test(m.subject));
    await at("2027-01-10T14:00:10Z");
    await arrives("kim@example.com", /^Reminder: Test U\./);
    expect(await stateOf(daily.id)).toEqual(["sent", "scheduled"]);
    await at("2027-01-11T14:00:10Z");
    for (let i = 0; i < 40 && toKim().length < 2; i++) await clock.advance(2_000);
    expect(toKim()).toHaveLength(2);
    expect(await stateOf(daily.id)).toEqual(["sent", "sent"]);
  });
});
