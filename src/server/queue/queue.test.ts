import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock, createTestClock, type TestClock } from "../clock";
import type { Database } from "../db/client";
import { loadConfig } from "../env";
import { databaseKinds, freshDatabase, until } from "../test/harness";
import { claimDelivery, deliverOnce, deliveryAttempt, findDelivery } from "./effects";
import {
  type JobQueue,
  jobIdFor,
  MAIL_QUEUE_POLICY,
  mailQueuePolicy,
  retriesToSpan,
  SENDERS,
  startJobQueue,
} from "./queue";

const HOUR = 3_600_000;
const quiet = { warn: () => {}, error: () => {} };

async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Moves the clock a step at a time until `check` holds: retries wait out backoff in fake time. */
async function advanceUntil(clock: TestClock, stepMs: number, check: () => Promise<boolean>, steps = 40) {
  for (let i = 0; i < steps; i++) {
    if (await check()) return;
    await clock.advance(stepMs);
    // Real time only for the handler the poll started to run (no timing depends on it).
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not within ${steps} steps of ${stepMs} ms`);
}

describe.each(databaseKinds)("job queue [%s]", (kind) => {
  let database: Database;
  let clock: TestClock;
  let queue: JobQueue;
  // The senders' turn (pace.ts), held shut until a test opens it.
  let waitingTurns = 0;
  let openTurns = () => {};
  const turnsOpen = new Promise<void>((resolve) => {
    openTurns = resolve;
  });

  beforeAll(async () => {
    database = await freshDatabase(kind);
    clock = createTestClock("2026-12-01T09:00:00Z");
    queue = await startJobQueue({
      db: database.db,
      kind,
      log: quiet,
      clock,
      pollingIntervalSeconds: 0.5,
      pace: async () => {
        waitingTurns++;
        await turnsOpen;
      },
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("a job sent to start an hour ahead on the test clock runs only once the clock passes it", async () => {
    await queue.createQueue("later");
    const ran: { n: number; at: string }[] = [];
    await queue.work<{ n: number }>("later", async (job) => {
      ran.push({ n: job.data.n, at: clock.now().toISOString() });
    });
    await queue.send("later", { n: 1 }, { startAfter: new Date(clock.now().getTime() + HOUR) });
    await queue.send("later", { n: 2 }); // due now: wakes the worker without moving time

    await until(() => ran.length === 1);
    expect(ran[0]).toEqual({ n: 2, at: "2026-12-01T09:00:00.000Z" });

    await clock.advance(HOUR - 60_000); // every poll that fell due runs once: still not due
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toHaveLength(1);

    await clock.advance(2 * 60_000);
    await until(() => ran.length === 2);
    expect(ran[1]).toEqual({ n: 1, at: "2026-12-01T10:01:00.000Z" });
  });

  it("a paced worker's jobs (the senders') each wait their turn before they run; other workers' do not", async () => {
    await queue.createQueue("paced");
    const ran: number[] = [];
    // Sent first: the worker's first fetch takes all three (a held batch holds the next fetch).
    for (const n of [1, 2, 3]) await queue.send("paced", { n });
    await queue.work<{ n: number }>("paced", async (job) => void ran.push(job.data.n), SENDERS);
    await until(() => waitingTurns === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);
    openTurns();
    await until(() => ran.length === 3);
    expect(ran.sort()).toEqual([1, 2, 3]);
    expect(waitingTurns).toBe(3);
    // The first test's worker ("later") was not paced: its jobs never asked for a turn.
  });

  it("the same key sent twice makes one job", async () => {
    await queue.createQueue("keyed");
    const first = await queue.send(
      "keyed",
      { a: 1 },
      { key: "reminder:r1:3", startAfter: new Date(clock.now().getTime() + HOUR) },
    );
    const again = await queue.send("keyed", { a: 2 }, { key: "reminder:r1:3" });
    expect(first).toBe(jobIdFor("reminder:r1:3"));
    expect(again).toBeNull();
    const rows = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'keyed'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("many keyed jobs sent at once: one per key, none for a key that exists, none if the transaction rolls back", async () => {
    await queue.createQueue("many");
    const later = new Date(clock.now().getTime() + HOUR);
    const job = (key: string, n: number) => ({ key, data: { n }, startAfter: later });
    await queue.send("many", { n: 0 }, { key: "many:a", startAfter: later });
    await database.db
      .transaction(async (tx) => {
        await queue.sendMany("many", [job("many:x", 1), job("many:y", 2)], { tx });
        throw new Error("roll back");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await queue.sendMany("many", [job("many:a", 1), job("many:b", 2), job("many:c", 3), job("many:b", 4)], {
        tx,
      });
    });
    const rows = await rowsOf<{ key: string; n: number }>(
      database,
      sql`SELECT singleton_key AS key, (data->>'n')::int AS n FROM pgboss.job WHERE name = 'many' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { key: "many:a", n: 0 },
      { key: "many:b", n: 2 },
      { key: "many:c", n: 3 },
    ]);
  });

  it("a send enqueued inside a transaction that rolls back leaves no job", async () => {
    await queue.createQueue("in-tx");
    await database.db
      .transaction(async (tx) => {
        await queue.send("in-tx", { x: 1 }, { key: "tx:rolled-back", tx });
        throw new Error("roll back");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await queue.send("in-tx", { x: 2 }, { key: "tx:committed", tx });
    });
    const rows = await rowsOf<{ key: string }>(
      database,
      sql`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'in-tx'`,
    );
    expect(rows.map((r) => r.key)).toEqual(["tx:committed"]);
  });

  it("a job sent in a transaction runs once it commits, not a poll later", async () => {
    // Its own queue, polling every 30 s: only the wake can run the job within the test's time.
    const own = await freshDatabase(kind);
    const slow = await startJobQueue({
      db: own.db,
      kind,
      log: quiet,
      clock: createClock(),
      pollingIntervalSeconds: 30,
    });
    try {
      await slow.createQueue("tx-wake");
      const ran: number[] = [];
      await slow.work<{ x: number }>("tx-wake", async (job) => {
        ran.push(job.data.x);
      });
      // Past the worker's first poll, which happens when it starts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await own.db.transaction(async (tx) => {
        await slow.send("tx-wake", { x: 1 }, { tx });
        // The commit comes a while after the send.
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      await until(() => ran.length === 1, 5_000);
    } finally {
      await slow.stop();
      await own.close();
    }
  });

  it("a send that keeps failing retries with backoff, then its delivery ends failed with the error", async () => {
    await queue.createQueue("deliver-flaky", {
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryDelayMaxSeconds: 600,
    });
    const attempts: string[] = [];
    await queue.work<{ key: string }>("deliver-flaky", (job) =>
      deliverOnce(
        database.db,
        deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
        async () => {
          attempts.push(clock.now().toISOString());
          throw new Error("451 4.3.0 mailbox busy, try later");
        },
      ).then(() => {}),
    );
    const key = "reminder:flaky:0";
    await database.db.transaction(async (tx) => {
      expect(await claimDelivery(tx, key, "reminder", clock.now())).toBe(true);
      await queue.send("deliver-flaky", { key }, { key, tx });
    });

    await advanceUntil(clock, 60_000, async () => (await findDelivery(database.db, key))?.state === "failed");
    const row = await findDelivery(database.db, key);
    expect(row).toMatchObject({
      state: "failed",
      attempts: 3,
      lastError: "451 4.3.0 mailbox busy, try later",
    });
    expect(attempts).toHaveLength(3);
    // Backoff: the waits grow (jittered 60 s·2^n/2 … 60 s·2^n), never zero.
    const [t0, t1, t2] = attempts.map((a) => Date.parse(a)) as [number, number, number];
    expect(t1 - t0).toBeGreaterThanOrEqual(30_000);
    expect(t2 - t1).toBeGreaterThanOrEqual(60_000);
    const rows = await rowsOf<{ state: string; retry_count: number }>(
      database,
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'deliver-flaky'`,
    );
    expect(rows).toEqual([{ state: "failed", retry_count: 2 }]);
  });

  it("a cron schedule sends its job when the test clock reaches its next occurrence", async () => {
    await queue.createQueue("sweep");
    const runs: string[] = [];
    await queue.work("sweep", async () => {
      runs.push(clock.now().toISOString());
    });
    await queue.schedule("sweep", "*/5 * * * *", {}, { tz: "America/New_York" });
    await advanceUntil(clock, 60_000, async () => runs.length > 0, 15);
    expect(runs).toHaveLength(1);
  });

  it("a stop lets the jobs waiting their turn run at once, and waits for them to finish", async () => {
    let waiting = 0;
    const stopping = await startJobQueue({
      db: database.db,
      kind,
      log: quiet,
      clock,
      pollingIntervalSeconds: 0.5,
      // A turn that comes only when the queue stops.
      pace: async ({ release } = {}) => {
        waiting++;
        await new Promise((resolve) => release?.addEventListener("abort", resolve, { once: true }));
      },
    });
    await stopping.createQueue("held");
    for (const n of [1, 2]) await stopping.send("held", { n });
    const ran: number[] = [];
    await stopping.work<{ n: number }>("held", async (job) => void ran.push(job.data.n), SENDERS);
    await until(() => waiting === 2);
    expect(ran).toEqual([]);
    await stopping.stop();
    expect(ran.sort()).toEqual([1, 2]);
  });

  it("a restart with other JOBS_* settings applies them to the queues that already exist", async () => {
    await queue.createQueue("configured", { retryDelaySeconds: 60 });
    const options = async () =>
      rowsOf<{ expire_seconds: number; retry_delay_max: number }>(
        database,
        sql`SELECT expire_seconds, retry_delay_max FROM pgboss.queue WHERE name = 'configured'`,
      );
    expect(await options()).toEqual([{ expire_seconds: 60, retry_delay_max: 3_600 }]);
    // pg-boss makes a queue once and kept its first options: a changed JOBS_EXPIRE_SECONDS did nothing.
    const restarted = await startJobQueue({
      db: database.db,
      kind,
      log: quiet,
      clock,
      expireInSeconds: 5,
      retryDelayMaxSeconds: 2,
    });
    try {
      await restarted.createQueue("configured", { retryDelaySeconds: 60 });
      expect(await options()).toEqual([{ expire_seconds: 5, retry_delay_max: 2 }]);
    } finally {
      await restarted.stop();
    }
  });

  it("a mail queue waits through a day of failing sends, then gives up once, saying so without the address", async () => {
    // As the app makes them (waits capped at its default hour; given up after 24 h), but a first
    // wait of 1 s. The clock moves an hour a step, the cap, so each step tries each mail once:
    // half the steps (and database work) of half-hour steps under a half-hour cap, the same walk.
    const settings = { retryDelayMaxSeconds: 3_600, mailRetry: { retryDelaySeconds: 1 } };
    const logs: { fields: Record<string, unknown>; message: string }[] = [];
    const keep = (fields: unknown, message = "") =>
      void logs.push({ fields: fields as Record<string, unknown>, message });
    const mailing = await startJobQueue({
      db: database.db,
      kind,
      log: { warn: keep, error: keep },
      clock,
      pollingIntervalSeconds: 0.5,
      ...settings,
    });
    try {
      await mailing.createQueue("mail-outage", "mail");
      // Two mails through one outage, side by side (the day is walked once): SMTP comes back for
      // the first after 23 h, never for the second. Fetched together, as the app's senders
      // fetch (SENDERS; no pace here), so each step tries both.
      const first = "request-email:outage-1";
      const second = "request-email:outage-2";
      const smtpUpFor = new Set<string>();
      const attempts = new Map<string, number[]>([
        [first, []],
        [second, []],
      ]);
      const attemptsOf = (key: string) => attempts.get(key) as number[];
      await mailing.work<{ key: string }>(
        "mail-outage",
        async (job) => {
          await deliverOnce(
            database.db,
            deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
            async () => {
              attemptsOf(job.data.key).push(clock.now().getTime());
              if (!smtpUpFor.has(job.data.key))
                throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNECTION" });
            },
          );
        },
        SENDERS,
      );
      const send = async (key: string) =>
        database.db.transaction(async (tx) => {
          await claimDelivery(tx, key, "email", clock.now());
          await mailing.send("mail-outage", { key }, { key, tx });
        });
      /** An hour on, once the attempts a poll started have ended (they would expire otherwise). */
      const step = async () => {
        await until(async () => {
          const [row] = await rowsOf<{ n: number }>(
            database,
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-outage' AND state = 'active'`,
          );
          return row?.n === 0;
        });
        await clock.advance(HOUR);
        await new Promise((resolve) => setTimeout(resolve, 10));
      };
      const stateOf = async (key: string) => (await findDelivery(database.db, key))?.state;
      const givenUp = () => logs.filter((l) => l.message === "mail given up");

      await send(first);
      await send(second);
      await until(() => attemptsOf(first).length === 1 && attemptsOf(second).length === 1);
      const start = attemptsOf(first)[0] as number;
      // 23 h of SMTP outage: still waiting, still being tried (24 attempts, one a step).
      for (let i = 0; i < 23; i++) await step();
      expect(await stateOf(first)).toBe("pending");
      expect(attemptsOf(first).length).toBeGreaterThan(20);
      smtpUpFor.add(first);
      for (let i = 0; i < 5 && (await stateOf(first)) !== "sent"; i++) await step();
      expect(await findDelivery(database.db, first)).toMatchObject({
        state: "sent",
        attempts: attemptsOf(first).length,
      });
      expect((attemptsOf(first).at(-1) as number) - start).toBeGreaterThanOrEqual(23 * HOUR);
      expect(givenUp().filter((l) => l.fields.key === first)).toEqual([]);

      // A day and more of outage: given up once, after every retry, the delivery failed, the operator told.
      for (let i = 0; i < 75 && (await stateOf(second)) !== "failed"; i++) await step();
      expect(await stateOf(second)).toBe("failed");
      expect(attemptsOf(second)).toHaveLength(mailQueuePolicy(settings).retryLimit + 1);
      expect(
        (attemptsOf(second).at(-1) as number) - (attemptsOf(second)[0] as number),
      ).toBeGreaterThanOrEqual(24 * HOUR);
      expect(givenUp()).toHaveLength(1);
      expect(givenUp()[0]?.fields).toMatchObject({ queue: "mail-outage", key: second });
      expect(JSON.stringify(givenUp())).not.toContain("@");
      expect(await stateOf(first)).toBe("sent");
    } finally {
      await mailing.stop();
    }
  }, 120_000);

  it("a mail the receiving server refuses (5xx) fails at once: one attempt, no retry, not given up", async () => {
    const logs: string[] = [];
    const mailing = await startJobQueue({
      db: database.db,
      kind,
      log: { warn: (_fields: unknown, message = "") => void logs.push(message), error: () => {} },
      clock,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await mailing.createQueue("mail-refused", "mail");
      let attempts = 0;
      await mailing.work<{ key: string }>("mail-refused", async (job) => {
        await deliverOnce(
          database.db,
          deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
          async () => {
            attempts++;
            throw Object.assign(new Error("550 5.1.1 no such mailbox"), { responseCode: 550 });
          },
        );
      });
      const key = "notify:refused:email";
      await database.db.transaction(async (tx) => {
        await claimDelivery(tx, key, "email", clock.now());
        await mailing.send("mail-refused", { key }, { key, tx });
      });
      await until(async () => (await findDelivery(database.db, key))?.state === "failed");
      for (let i = 0; i < 5; i++) {
        await clock.advance(HOUR);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(attempts).toBe(1);
      expect(await findDelivery(database.db, key)).toMatchObject({
        state: "failed",
        lastError: "550 5.1.1 no such mailbox",
      });
      const rows = await rowsOf<{ state: string }>(
        database,
        sql`SELECT state FROM pgboss.job WHERE name = 'mail-refused'`,
      );
      expect(rows).toEqual([{ state: "completed" }]);
      expect(logs).toContain("mail refused by the receiving server");
      expect(logs).not.toContain("mail given up");
    } finally {
      await mailing.stop();
    }
  });

  it("by default a send that outlives its process is tried again within two minutes", async () => {
    const { jobs } = loadConfig({});
    const restarted = await startJobQueue({
      db: database.db,
      kind,
      log: quiet,
      clock,
      expireInSeconds: jobs.expireSeconds,
      superviseIntervalSeconds: jobs.superviseSeconds,
      retryDelayMaxSeconds: jobs.retryDelayMaxSeconds,
      mailRetry: { retryDelaySeconds: jobs.mailRetryDelaySeconds },
    });
    try {
      await restarted.createQueue("payer-mail", "mail");
      const [queue] = await rowsOf<{ expire_seconds: number; retry_delay: number }>(
        database,
        sql`SELECT expire_seconds, retry_delay FROM pgboss.queue WHERE name = 'payer-mail'`,
      );
      // Killed just after it took the job: the attempt expires, the next supervision (at most its
      // interval later) fails it, and the first retry waits at most twice the first delay.
      const worst = Number(queue?.expire_seconds) + jobs.superviseSeconds + 2 * Number(queue?.retry_delay);
      expect(worst).toBeLessThanOrEqual(120);
    } finally {
      await restarted.stop();
    }
  });
});

describe("the mail queues' retry policy", () => {
  const waits = (limit: number, first: number, cap: number) =>
    Array.from({ length: limit }, (_, k) => Math.min(cap, first * 2 ** Math.min(k, 15)));
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

  it("retries long enough to span 24 hours at the low end of every jittered wait, and no longer than needed", () => {
    const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = mailQueuePolicy();
    expect(retryDelayMaxSeconds).toBe(3_600);
    expect(retryDelaySeconds).toBe(MAIL_QUEUE_POLICY.retryDelaySeconds);
    expect(sum(waits(retryLimit, retryDelaySeconds, retryDelayMaxSeconds))).toBeGreaterThanOrEqual(
      24 * 3_600,
    );
    expect(sum(waits(retryLimit - 1, retryDelaySeconds, retryDelayMaxSeconds))).toBeLessThan(24 * 3_600);
  });

  it("a smaller JOBS_RETRY_DELAY_MAX_SECONDS means more retries, never a shorter wait", () => {
    const capped = mailQueuePolicy({ retryDelayMaxSeconds: 2, mailRetry: { retryDelaySeconds: 1 } });
    expect(capped.retryDelayMaxSeconds).toBe(2);
    expect(capped.retryLimit).toBe(43_201);
    expect(sum(waits(capped.retryLimit, 1, 2))).toBeGreaterThanOrEqual(24 * 3_600);
    const hour = mailQueuePolicy({ retryDelayMaxSeconds: 3_600 });
    expect(capped.retryLimit).toBeGreaterThan(hour.retryLimit);
    // A give-up time of its own (JOBS_MAIL_GIVE_UP_HOURS).
    const short = mailQueuePolicy({
      retryDelayMaxSeconds: 2,
      mailRetry: { retryDelaySeconds: 1, giveUpAfterSeconds: 36 },
    });
    expect(sum(waits(short.retryLimit, 1, 2))).toBeGreaterThanOrEqual(36);
    expect(retriesToSpan(36, 1, 2)).toBe(short.retryLimit);
  });
});
