import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMailServer } from "#server/test/mail-server.ts";
import {
  type Client,
  callFrom,
  createDatabase,
  dropDatabases,
  REQUEST,
  type ServerProcess,
  signUp,
  startServer,
} from "./server-process";

/**
 * One account tries to make Collect a bulk mailer, on the production build with every limit on:
 * 1,000 payer emails (requests with a payer email, sub-addressed and re-cased spellings of one
 * victim, recurring series that mail their payer at once) and 1,000 notifications (claims on its
 * requests from a hundred loopback addresses), all within a minute. The SMTP sink must receive
 * no more than the mail policy allows (docs/decisions/030-outbound-mail-policy.md), and the
 * allowed mail that waited past the hourly ceiling must arrive, each email once, when the hour
 * ends (simulated: the ceiling's counter and the waiting jobs' start are moved, as an hour would).
 */
const CEILING = 12;
const NEW_MAILBOXES = 20;
const PER_PAIR = 10;
const NOTIFICATIONS = 30;

let server: ServerProcess;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let database: Awaited<ReturnType<typeof createDatabase>>;
let client: Client;

beforeAll(async () => {
  mail = await startMailServer();
  database = await createDatabase();
  server = await startServer({
    DATABASE_URL: database.url,
    RATE_LIMITS: "true",
    SMTP_URL: mail.url,
    MAIL_FROM: "Collect <no-reply@collect.test>",
    MAIL_MAX_PER_HOUR: String(CEILING),
    // The sink answers at once: nothing here waits on a retry.
    JOBS_SENDS_PER_SECOND_WHEN_BUSY: "200",
  });
  client = await signUp(server.base);
  // A confirmed account: an unconfirmed one makes Collect mail no one at all (policy.test.ts).
  await sql(`UPDATE "user" SET email_verified = true`);
}, 120_000);
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await mail?.close();
  await dropDatabases();
});

/** A zone where it is now between 10:00 and 20:00, so a series starting today is due at once. */
function daytimeZone(): { zone: string; today: string } {
  const zones = ["Pacific/Kiritimati", "Asia/Tokyo", "Asia/Kolkata", "Europe/Berlin", "America/Sao_Paulo"];
  const candidates = [...zones, "America/New_York", "America/Los_Angeles", "Pacific/Honolulu"];
  const now = new Date();
  for (const zone of candidates) {
    const hour = Number(
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(now),
    );
    if (hour >= 10 && hour < 20)
      return { zone, today: new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now) };
  }
  throw new Error("no zone in daytime");
}

/** One statement on the server's own database. */
async function sql<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
const payerMails = () => mail.received.filter((m) => m.to.some((to) => /@(abuse|target)\.test$/.test(to)));
const pendingPayerMail = async () =>
  Number(
    (
      await sql<{ n: string }>(
        `SELECT count(*) AS n FROM delivery WHERE state = 'pending' AND (key LIKE 'request-email:%' OR key LIKE 'recurring:%')`,
      )
    )[0]?.n,
  );
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

it("one account's 1,000 payer emails and 1,000 notifications in a minute: the sink gets what the policy allows, the waiting mail once", async () => {
  const started = Date.now();
  const { zone, today } = daytimeZone();
  expect((await client.call("PUT", "/api/notifications/time-zone", { timeZone: zone })).status).toBe(204);

  // 15 spellings of one victim's mailbox first (sub-addressing, letter case): one mailbox.
  const statuses = new Map<string, number>();
  const count = (path: string, status: number) =>
    statuses.set(`${path} ${status}`, (statuses.get(`${path} ${status}`) ?? 0) + 1);
  const codes: string[] = [];
  for (let i = 0; i < 15; i++) {
    const answer = await client.call("POST", "/api/payment-requests", {
      ...REQUEST,
      payerEmail: `${i % 2 ? "Victim" : "victim"}+${i}@${i % 3 ? "TARGET" : "target"}.test`,
      sendBy: "email",
      reminderDays: [],
    });
    count("request", answer.status);
    if (answer.status === 201)
      codes.push(
        ((await answer.json()) as { request: { shortUrl: string } }).request.shortUrl
          .split("/")
          .pop() as string,
      );
  }
  // Then the rest of the thousand, as fast as the server answers: requests and one-shot series.
  for (let start = 15; start < 1_000; start += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, k) => {
        const i = start + k;
        const series = i % 4 === 0;
        const answer = series
          ? await client.call("POST", "/api/recurring-requests", {
              ...REQUEST,
              payerEmail: `series-${i}@abuse.test`,
              frequency: "weekly",
              startDate: today,
              count: 1,
            })
          : await client.call("POST", "/api/payment-requests", {
              ...REQUEST,
              payerEmail: `payer-${i}@abuse.test`,
              sendBy: "email",
              reminderDays: [],
            });
        count(series ? "series" : "request", answer.status);
        return { series, answer };
      }),
    );
    for (const { series, answer } of answers) {
      if (!series && answer.status === 201)
        codes.push(
          ((await answer.json()) as { request: { shortUrl: string } }).request.shortUrl
            .split("/")
            .pop() as string,
        );
    }
  }
  // 1,000 claims on its requests, from a hundred loopback addresses: each a notification.
  const claims = await Promise.all(
    Array.from({ length: 1_000 }, (_, i) =>
      callFrom(
        `127.0.${1 + (i % 100)}.${2 + Math.floor(i / 100)}`,
        `${server.base}/api/payment-screen/${codes[i % codes.length]}/claim`,
        {
          method: "POST",
          body: { via: "venmo" },
        },
      ),
    ),
  );
  for (const claim of claims) count("claim", claim.status);
  const tried = Date.now() - started;
  console.log(`tried in ${tried} ms:`, Object.fromEntries(statuses));
  expect(tried).toBeLessThan(60_000);

  // The first hour: the victim's ten, then nothing past the ceiling; the rest waits, none failed by the queue.
  await until(() => payerMails().length >= PER_PAIR, 60_000, "the first hour's mail");
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(payerMails().length).toBeLessThanOrEqual(CEILING);
  expect(await pendingPayerMail()).toBeGreaterThan(0);

  // Each "hour" ends: its counter and the waiting jobs' start move, as an hour would move them.
  for (let hour = 0; hour < 20 && (await pendingPayerMail()) > 0; hour++) {
    await sql(`DELETE FROM limit_counter WHERE key = 'collect:limit:payerMailPerHour:all'`);
    await sql(
      `UPDATE pgboss.job SET start_after = now() WHERE state = 'created' AND start_after > now() AND name IN ('payer-mail', 'recurring-email')`,
    );
    const before = await pendingPayerMail();
    await until(async () => (await pendingPayerMail()) < before || before === 0, 60_000, `hour ${hour + 2}`);
  }
  expect(await pendingPayerMail()).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const received = payerMails();
  const victim = received.filter((m) => m.to.some((to) => to.endsWith("@target.test")));
  const others = received.filter((m) => !victim.includes(m));
  // One victim mailbox: at most its allowance from one requester, whatever its spellings.
  expect(victim).toHaveLength(PER_PAIR);
  // New mailboxes a day for a new account: the victim's and 19 more, one email each.
  expect(new Set(others.flatMap((m) => m.to)).size).toBe(NEW_MAILBOXES - 1);
  expect(others).toHaveLength(NEW_MAILBOXES - 1);
  // Exactly once: no Message-ID twice.
  const ids = received.map((m) => m.headers?.["message-id"]);
  expect(new Set(ids).size).toBe(received.length);

  // Notifications: at most the hourly allowance reached the account's own address.
  await until(
    async () =>
      Number(
        (
          await sql<{ n: string }>(
            `SELECT count(*) AS n FROM delivery WHERE key LIKE 'claim:%:email' AND state = 'pending'`,
          )
        )[0]?.n,
      ) === 0,
    60_000,
    "claim notifications settled",
  );
  const notified = mail.received.filter((m) => /says they paid/.test(m.subject));
  expect(notified).toHaveLength(NOTIFICATIONS);
  console.log(
    `sink: ${received.length} payer emails (${victim.length} to the victim), ${notified.length} notifications`,
  );
}, 300_000);
