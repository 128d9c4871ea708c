import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { deliveries, limitCounters } from "#server/db/schema.ts";
import type { Config } from "#server/env.ts";
import { LIMITS } from "#server/limits.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  type DatabaseKind,
  databaseKinds,
  freshDatabase,
  nextIp,
  TEST_ORIGIN,
  type TestUser,
} from "#server/test/harness.ts";
import { type ReceivedMail, startMailServer } from "#server/test/mail-server.ts";
import { IMPERSONATION_MESSAGE } from "#shared/schemas/impersonation.ts";
import { policyOutcomes, REFUSALS } from "./policy";

const SECOND = 1000;
const ask = { recipientName: "Priya Shah", recipientPhone: "2125550101", amount: "1450", sendBy: "email" };

type MailedApp = {
  database: Database;
  app: FastifyInstance;
  clock: TestClock;
  mail: Awaited<ReturnType<typeof startMailServer>>;
};

/** A test app on a fresh database with a real SMTP sink and a test clock, for the describe around it. */
function withMailedApp(kind: DatabaseKind, config: Partial<Config>, opened: (made: MailedApp) => void) {
  let made: MailedApp | undefined;
  beforeAll(async () => {
    const database = await freshDatabase(kind);
    const mail = await startMailServer();
    const clock = createTestClock("2026-12-01T17:00:00Z");
    const mailConfig = { smtpUrl: mail.url, from: "Collect <no-reply@collect.test>" };
    const app = await buildTestApp(database, { mail: mailConfig, ...config }, { clock });
    made = { database, app, clock, mail };
    opened(made);
  });
  afterAll(async () => {
    await made?.app.close();
    await made?.mail.close();
    await made?.database.close();
  });
}

/**
 * The outbound mail policy through the real server: what an attacker and a landlord measured.
 * Each case uses its own addresses: the allowances are counted per mailbox, across the file.
 */
describe.each(databaseKinds)("the outbound mail policy [%s]", (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  withMailedApp(kind, {}, (made) => ({ database, app, clock, mail } = made));

  const confirmed = () => createReadyUser(app, database.db);
  const mailsTo = (address: string, subject = /./): ReceivedMail[] =>
    mail.received.filter((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject));
  /** Moves the test clock (the queue polls on it) until every delivery with a key like `pattern` has ended. */
  async function settle(pattern: string, count: number) {
    for (let i = 0; i < 60; i++) {
      const rows = await database.db.select().from(deliveries).where(like(deliveries.key, pattern));
      if (rows.length >= count && rows.every((row) => row.state !== "pending")) return rows;
      await clock.advance(2 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    throw new Error(`deliveries ${pattern} did not settle`);
  }
  async function request(user: TestUser, payerEmail: string, extra: object = {}) {
    const created = await as(app, user)("POST", "/api/payment-requests", { ...ask, payerEmail, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().request as { id: string; shortUrl: string; reminders: Record<string, unknown> };
  }
  const requestMail = (id: string) => `request-email:${id}`;
  /** The paths of an email's "no more from this requester" and "none from Collect" links, in that order. */
  const stopLinks = (received: ReceivedMail) =>
    (received.text.match(/https?:\/\/\S+/g) ?? [])
      .filter((url) => url.startsWith(`${TEST_ORIGIN}/api/mail/stop/`))
      .map((url) => new URL(url).pathname);
  async function deliveryOf(key: string) {
    const [row] = await database.db.select().from(deliveries).where(eq(deliveries.key, key));
    return row;
  }

  it("an unconfirmed account gets no notification email: an address someone else signed up with is not mailed", async () => {
    // Before: sign up with the victim's address, never confirm, and each claim, view or
    // occurrence mailed that address a notification whose first line the attacker wrote.
    const squatter = await createReadyUser(app);
    const made = await as(app, squatter)("POST", "/api/payment-requests", { ...ask, sendBy: undefined });
    const { id, shortUrl } = made.json().request;
    const claimed = await app.inject({
      method: "POST",
      url: `/api/payment-screen/${shortUrl.split("/").pop()}/claim`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { via: "venmo", note: "URGENT: verify at paypal-verify.test/login" },
    });
    expect(claimed.statusCode, claimed.body).toBe(204);
    const [row] = await settle(`claim:${id}:email`, 1);
    expect(row).toMatchObject({ state: "failed", lastError: REFUSALS.unconfirmed });
    expect(mailsTo(squatter.email, /says they paid/)).toEqual([]);
  });

  it("an unconfirmed account's new tokens mail no one; a confirmed account's stop at the hourly allowance", async () => {
    // Before: each token an unconfirmed account made (20 a minute, a new one after each delete)
    // mailed its address, perhaps someone else's, a notice naming the token as the account chose.
    const makeTokens = async (user: TestUser, n: number) => {
      for (let i = 0; i < n; i++) {
        const name = `Call support at 555-0100 ${i}`;
        const made = await as(app, user)("POST", "/api/tokens", { name, scopes: ["requests:read"] });
        expect(made.statusCode, made.body).toBe(201);
        const gone = await as(app, user)("DELETE", `/api/tokens/${made.json().id}`);
        expect(gone.statusCode).toBe(204);
      }
    };
    const squatter = await createReadyUser(app);
    const { id: squatterId } = (await as(app, squatter)("GET", "/api/auth/user")).json();
    await makeTokens(squatter, 3);
    const user = await confirmed();
    const { id: userId } = (await as(app, user)("GET", "/api/auth/user")).json();
    const over = LIMITS.notificationMail.max + 2;
    await makeTokens(user, over);
    const rows = await settle("account-mail:token-created:%", LIMITS.notificationMail.max);
    expect(rows.filter((row) => row.userId === squatterId)).toEqual([]);
    expect(rows.filter((row) => row.userId === userId)).toHaveLength(LIMITS.notificationMail.max);
    await expect.poll(() => mailsTo(user.email, /token/i).length).toBe(LIMITS.notificationMail.max);
    expect(mailsTo(squatter.email, /token/i)).toEqual([]);
  });

  it("a confirmed account's notification emails stop at the hourly allowance", async () => {
    const user = await confirmed();
    const { id: userId } = (await as(app, user)("GET", "/api/auth/user")).json();
    const over = LIMITS.notificationMail.max + 5;
    for (let i = 0; i < over; i++) {
      const made = await as(app, user)("POST", "/api/payment-requests", { ...ask, sendBy: undefined });
      const code = made.json().request.shortUrl.split("/").pop();
      const claimed = await app.inject({
        method: "POST",
        url: `/api/payment-screen/${code}/claim`,
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { via: "venmo" },
      });
      expect(claimed.statusCode, claimed.body).toBe(204);
    }
    const rows = (await settle("claim:%:email", over)).filter((row) => row.userId === userId);
    expect(rows.filter((row) => row.state === "sent")).toHaveLength(LIMITS.notificationMail.max);
    expect(rows.filter((row) => row.lastError === REFUSALS.notifications)).toHaveLength(5);
    expect(mailsTo(user.email, /says they paid/)).toHaveLength(LIMITS.notificationMail.max);
  });

  it("a new account mails at most 20 new mailboxes a day, and +tags or case make no new mailbox", async () => {
    // Before: 65 requests to 65 addresses in 1.5 s, 60 delivered; 25 of 25 to victim+N@… and Victim+N@TARGET….
    const bulk = await confirmed();
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await request(bulk, `list-${i}@bulk.test`));
    await settle("request-email:%", 25);
    const states = await Promise.all(made.map((r) => deliveryOf(requestMail(r.id))));
    expect(states.filter((d) => d?.state === "sent")).toHaveLength(LIMITS.payerMailNewRecipients.max);
    expect(states.filter((d) => d?.lastError === REFUSALS.newRecipients)).toHaveLength(5);

    const tagger = await confirmed();
    const tagged = [];
    for (let i = 0; i < 12; i++) {
      tagged.push(
        await request(tagger, `${i % 2 ? "Victim" : "victim"}+${i}@${i % 3 ? "TARGET" : "target"}.test`),
      );
    }
    await settle("request-email:%", 37);
    const taggedStates = await Promise.all(tagged.map((r) => deliveryOf(requestMail(r.id))));
    expect(taggedStates.filter((d) => d?.state === "sent")).toHaveLength(LIMITS.payerMailPerPair.max);
    expect(taggedStates.filter((d) => d?.lastError === REFUSALS.pair)).toHaveLength(2);
    expect(mail.received.filter((m) => m.to.some((to) => to.endsWith("@target.test")))).toHaveLength(
      LIMITS.payerMailPerPair.max,
    );
  });

  it("twenty junk requests to a tenant do not silence the landlord the tenant has paid before", async () => {
    // Before: the per-address allowance was everyone's, so 20 junk requests stopped the landlord's reminders.
    const tenant = "tenant@rent.test";
    const landlord = await confirmed();
    const first = await request(landlord, tenant);
    await settle(requestMail(first.id), 1);
    await as(app, landlord)("PATCH", `/api/payment-requests/${first.id}/status`, { status: "paid" });
    for (const junk of [await confirmed(), await confirmed()]) {
      for (let i = 0; i < LIMITS.payerMailPerPair.max; i++) await request(junk, tenant);
    }
    // The junk has all been decided before the next two are asked.
    await settle("request-email:%", 1 + 2 * LIMITS.payerMailPerPair.max);
    const stranger = await request(await confirmed(), tenant);
    const rent = await request(landlord, tenant);
    await settle(requestMail(rent.id), 1);
    await settle(requestMail(stranger.id), 1);
    expect(await deliveryOf(requestMail(rent.id))).toMatchObject({ state: "sent" });
    expect(await deliveryOf(requestMail(stranger.id))).toMatchObject({
      state: "failed",
      lastError: REFUSALS.recipient,
    });
  });

  it("a payer stops one requester or all of Collect by mailbox; no account clears it; the mailbox's own link does", async () => {
    // Before: the stop link stopped one request's reminders; the next request mailed again, and
    // the requester was never told.
    const maria = await confirmed();
    const sam = await confirmed();
    const payer = "priya@stop.test";
    const asked = await request(maria, payer);
    await settle(requestMail(asked.id), 1);
    const [first] = mailsTo(payer);
    if (!first) throw new Error("no first email");
    const fromMaria = stopLinks(first)[0] as string;
    const page = await app.inject({ method: "GET", url: fromMaria });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop emails from this person?");
    // As a mail client's RFC 8058 one-click: no session, another site.
    const stopped = await app.inject({
      method: "POST",
      url: fromMaria,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode, stopped.body).toBe(200);

    // Another spelling of the mailbox, a new request: not sent, and the card says why.
    const again = await request(maria, "Priya+rent@STOP.test");
    expect(again.reminders).toMatchObject({ emailBlocked: true, stoppedBy: "payer", nextAt: null });
    await settle(requestMail(again.id), 1);
    expect(await deliveryOf(requestMail(again.id))).toMatchObject({ lastError: REFUSALS.suppressed });
    const card = (await as(app, maria)("GET", "/api/payment-requests"))
      .json()
      .find((r: { id: string }) => r.id === asked.id);
    expect(card.reminders).toMatchObject({ state: "stopped", stoppedBy: "payer", emailBlocked: true });
    // Sam is not Maria: his email goes.
    const fromSam = await request(sam, payer);
    await settle(requestMail(fromSam.id), 1);
    expect(mailsTo(payer)).toHaveLength(2);

    // "No emails from Collect at all": Sam's next one stays too.
    const all = stopLinks(mailsTo(payer)[1] as ReceivedMail)[1] as string;
    const stopAll = await app.inject({
      method: "POST",
      url: all,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopAll.body).toContain("You will get no more emails from Collect");
    const samAgain = await request(sam, payer);
    await settle(requestMail(samAgain.id), 1);
    expect(mailsTo(payer)).toHaveLength(2);
    // A forged or altered link changes nothing.
    const forged = await app.inject({
      method: "POST",
      url: `${all.slice(0, -4)}AAAA`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(forged.statusCode).toBe(404);

    // Only the links lift it: Undo on each page, then Maria's email goes again.
    for (const path of [fromMaria, all]) {
      const undone = await app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        payload: "undo=1",
      });
      expect(undone.body).toContain("Emails resumed");
    }
    const resumed = await request(maria, payer);
    expect(resumed.reminders).toMatchObject({ emailBlocked: false });
    await settle(requestMail(resumed.id), 1);
    expect(mailsTo(payer)).toHaveLength(3);
  });

  it("refuses a profile name that passes for a payment service or its staff", async () => {
    const user = await confirmed();
    for (const name of ["PayPal Security", "Venmo Support", "Cash App Team"]) {
      const refused = await as(app, user)("PUT", "/api/auth/profile", { profileName: name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message).toContain(IMPERSONATION_MESSAGE);
    }
    expect((await as(app, user)("PUT", "/api/auth/profile", { profileName: "Maria Lopez" })).statusCode).toBe(
      200,
    );
  });
});

describe.each(databaseKinds)("the hourly mail ceiling [%s]", (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let mail: Awaited<ReturnType<typeof startMailServer>>;

  withMailedApp(kind, { mailMaxPerHour: 3 }, (made) => ({ database, app, clock, mail } = made));

  it("past MAIL_MAX_PER_HOUR payer mail waits in the queue, and goes once in the next hour", async () => {
    const user = await createReadyUser(app, database.db);
    const deferredBefore = policyOutcomes().get("deferred") ?? 0;
    const addresses = Array.from({ length: 5 }, (_, i) => `wait-${i}@ceiling.test`);
    for (const payerEmail of addresses) {
      const made = await as(app, user)("POST", "/api/payment-requests", { ...ask, payerEmail });
      expect(made.statusCode, made.body).toBe(201);
    }
    const pending = async () =>
      (await database.db.select().from(deliveries).where(like(deliveries.key, "request-email:%"))).filter(
        (row) => row.state === "pending",
      ).length;
    for (let i = 0; i < 40 && (await pending()) > 2; i++) {
      await clock.advance(2 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    // A few more polls: nothing past the ceiling goes, nothing is failed.
    for (let i = 0; i < 5; i++) {
      await clock.advance(2 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const payerMails = () => mail.received.filter((m) => m.to.some((to) => to.endsWith("@ceiling.test")));
    expect(payerMails()).toHaveLength(3);
    expect(await pending()).toBe(2);
    // The operator hears of it: collect_mail_policy_total{outcome="deferred"} reads this count.
    expect(policyOutcomes().get("deferred") ?? 0).toBeGreaterThanOrEqual(deferredBefore + 2);

    // The hour's window ends (the shared counter's, which runs on real time) and the clock reaches the next hour.
    await database.db
      .delete(limitCounters)
      .where(eq(limitCounters.key, "collect:limit:payerMailPerHour:all"));
    await clock.advance(60 * 60 * SECOND);
    for (let i = 0; i < 40 && (await pending()) > 0; i++) {
      await clock.advance(2 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(await pending()).toBe(0);
    const ids = payerMails().map((m) => m.headers?.["message-id"]);
    expect(new Set(ids).size).toBe(5);
    expect(
      payerMails()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(addresses);
  });
});

describe.each(databaseKinds)("without SMTP [%s]", (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    clock = createTestClock("2026-12-01T17:00:00Z");
    app = await buildTestApp(database, {}, { clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("refuses nothing: nothing leaves the machine, and the card does not turn to 'not delivered'", async () => {
    // The API fuzzer saw an unconfirmed owner's card change under it: with no mail configured the
    // request is allowed without a confirmed address, and the policy then failed its email.
    const user = await createReadyUser(app);
    const made = await as(app, user)("POST", "/api/payment-requests", {
      ...ask,
      payerEmail: "p@nomail.test",
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json().request;
    for (let i = 0; i < 40; i++) {
      const [row] = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.key, `request-email:${id}`));
      if (row?.state !== "pending") break;
      await clock.advance(2 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const [row] = await database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, `request-email:${id}`));
    expect(row?.state).toBe("sent");
    const card = (await as(app, user)("GET", "/api/payment-requests")).json()[0];
    expect(card.reminders.state).not.toBe("failed");
  });
});
