import { spawn } from "node:child_process";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestClock } from "#server/clock.ts";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import {
  claimDelivery,
  deliverOnce,
  deliveryAttempt,
  findDelivery,
  markFailed,
  messageIdFor,
} from "#server/queue/effects.ts";
import {
  type JobQueue,
  type JobQueueOptions,
  jobIdFor,
  openJobSchema,
  postgresUrlOf,
  startJobQueue,
} from "#server/queue/queue.ts";
import { buildTestApp, databaseKinds, freshDatabase, pgliteDataDir, until } from "#server/test/harness.ts";
import { MAIL_QUEUES, requeueGivenUpMail } from "./given-up";

const quiet = { warn: () => {}, error: () => {} };
const root = path.resolve(import.meta.dirname, "../../..");

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A job's state, by the queue and the key it was sent with. */
async function jobState(db: Db, name: string, key: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ state: string }>(
    db,
    sql`select state::text from pgboss.job where name = ${name} and id = ${jobIdFor(key)}::uuid`,
  );
  return row?.state;
}

const KEYS = {
  givenUp: "request-email:given-up",
  refusedByPolicy: "request-email:refused-by-policy",
  refusedByServer: "claim:refused-by-server:email",
  push: "claim:push-only:push:device",
  sent: "request-email:sent",
};
const POLICY_REFUSAL = "not sent: the recipient asked for no more emails";

/**
 * Mail in every end state, on a queue that gives up after one retry: one given up (SMTP down),
 * one the mail policy refused (its attempt killed after the refusal was recorded, so its job
 * failed too), one the receiving server refused (5xx), one sent, and a push given up (not mail).
 * On a test clock (from now), which the retry's wait is stepped through instead of slept.
 */
async function mailInEveryState(db: Db, kind: Database["kind"]) {
  const clock = createTestClock(new Date());
  const queue = await startJobQueue({
    db,
    kind,
    log: quiet,
    clock,
    pollingIntervalSeconds: 0.5,
    retryDelayMaxSeconds: 1,
    mailRetry: { retryDelaySeconds: 1, giveUpAfterSeconds: 1 },
  });
  const smtp = { up: false, sent: [] as string[] };
  await queue.createQueue("payer-mail", "mail");
  await queue.createQueue("notify", "mail");
  await queue.createQueue("notify-push", { retryLimit: 0 });
  const work = async (name: string) =>
    queue.work<{ key: string }>(name, async (job) => {
      await deliverOnce(
        db,
        deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
        async (messageId) => {
          if (job.data.key === KEYS.refusedByServer)
            throw Object.assign(new Error("550 5.1.1 no such mailbox"), { responseCode: 550 });
          if (!smtp.up && job.data.key !== KEYS.sent)
            throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" });
          smtp.sent.push(messageId);
        },
      );
    });
  await work("payer-mail");
  await work("notify");
  await queue.work("notify-push", async () => {
    throw new Error("the push service is down");
  });
  const enqueue = async (name: string, key: string, before?: (tx: Db) => Promise<void>) =>
    db.transaction(async (tx) => {
      await claimDelivery(tx, key, name === "notify-push" ? "push" : "email", clock.now());
      await before?.(tx);
      await queue.send(name, { key }, { key, tx });
    });
  await enqueue("payer-mail", KEYS.givenUp);
  await enqueue("payer-mail", KEYS.refusedByPolicy, (tx) =>
    markFailed(tx, KEYS.refusedByPolicy, POLICY_REFUSAL, 1),
  );
  await enqueue("notify", KEYS.refusedByServer);
  await enqueue("notify-push", KEYS.push);
  await enqueue("payer-mail", KEYS.sent);
  await until(async () => {
    await clock.advance(1_000);
    const states = await Promise.all([
      jobState(db, "payer-mail", KEYS.givenUp),
      jobState(db, "payer-mail", KEYS.refusedByPolicy),
      jobState(db, "notify", KEYS.refusedByServer),
      jobState(db, "notify-push", KEYS.push),
      jobState(db, "payer-mail", KEYS.sent),
    ]);
    return states.join() === "failed,completed,completed,failed,completed";
  }, 15_000);
  // The refused one's attempt was killed on its last try: its job failed too.
  await db.execute(
    sql`update pgboss.job set state = 'failed' where name = 'payer-mail' and id = ${jobIdFor(KEYS.refusedByPolicy)}::uuid`,
  );
  return { queue, smtp, clock };
}

/**
 * `workersRunning`: a queue still polling may already have taken the re-queued job, and sent it,
 * by the time it is looked at; with none running it waits, pending, as `retry`.
 */
async function expectOnlyTheGivenUpOneBack(db: Db, { workersRunning = false } = {}) {
  expect(workersRunning ? ["pending", "sent"] : ["pending"]).toContain(
    (await findDelivery(db, KEYS.givenUp))?.state,
  );
  expect(await findDelivery(db, KEYS.refusedByPolicy)).toMatchObject({
    state: "failed",
    lastError: POLICY_REFUSAL,
  });
  expect((await findDelivery(db, KEYS.refusedByServer))?.state).toBe("failed");
  expect((await findDelivery(db, KEYS.sent))?.state).toBe("sent");
  expect(workersRunning ? ["retry", "active", "completed"] : ["retry"]).toContain(
    await jobState(db, "payer-mail", KEYS.givenUp),
  );
  expect(await jobState(db, "payer-mail", KEYS.refusedByPolicy)).toBe("failed");
  expect(await jobState(db, "notify-push", KEYS.push)).toBe("failed");
}

describe.each(databaseKinds)("npm run mail:retry [%s]", (kind) => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const one of opened.reverse()) await one.close();
  });

  it("sends each given-up email again, once, and only those: not refusals, not pushes, not sent ones", async () => {
    const database = await freshDatabase(kind);
    opened.push(database);
    const { queue, smtp, clock } = await mailInEveryState(database.db, kind);
    opened.push({ close: () => queue.stop() });
    expect((await findDelivery(database.db, KEYS.givenUp))?.state).toBe("failed");

    const schema = await openJobSchema({ db: database.db, kind, log: quiet });
    opened.push({ close: () => schema.stop() });
    // The server is back before the mail is: the running queue may take it at once, and must not
    // meet a server still down (its next try would wait out a real backoff).
    smtp.up = true;
    expect(await requeueGivenUpMail(database.db, schema)).toEqual({ total: 1, byQueue: { "payer-mail": 1 } });
    await expectOnlyTheGivenUpOneBack(database.db, { workersRunning: true });

    await until(async () => {
      await clock.advance(1_000);
      return (await findDelivery(database.db, KEYS.givenUp))?.state === "sent";
    }, 10_000);
    expect(smtp.sent.filter((id) => id === messageIdFor(KEYS.givenUp, "collect.test"))).toHaveLength(1);
    // Nothing is given up any more.
    expect(await requeueGivenUpMail(database.db, schema)).toEqual({ total: 0, byQueue: {} });
  }, 30_000);

  it("as a script: on the embedded data folder or DATABASE_URL, printing how many", async () => {
    let env: Record<string, string>;
    let reopen: () => Promise<Database>;
    if (kind === "pglite") {
      const dataDir = pgliteDataDir();
      env = { DATA_DIR: dataDir, DATABASE: "embedded" };
      reopen = () => openDatabase({ kind: "pglite", dataDir });
    } else {
      const database = await freshDatabase("postgres");
      opened.push(database);
      const url = postgresUrlOf(database.db) as string;
      env = { DATABASE_URL: url };
      reopen = () => openDatabase({ kind: "postgres", url, poolSize: 2 });
    }
    // The state is made, then every connection closed: the embedded database is locked while open.
    const made = await reopen();
    const { queue } = await mailInEveryState(made.db, kind);
    await queue.stop();
    await made.close();

    const run = spawn(process.execPath, ["--import", "tsx", "src/server/mail/mail-retry.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let output = "";
    run.stdout.on("data", (chunk) => (output += chunk));
    run.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => run.once("exit", resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/^Re-queued 1 given-up email \(payer-mail: 1; /m);

    const after = await reopen();
    try {
      await expectOnlyTheGivenUpOneBack(after.db);
    } finally {
      await after.close();
    }
  }, 60_000);
});

describe("the mail queues", () => {
  it("are the ones npm run mail:retry looks in: every queue the app makes with the mail policy", async () => {
    const database = await freshDatabase("pglite");
    const made: string[] = [];
    const recording = async (options: JobQueueOptions): Promise<JobQueue> => {
      const queue = await startJobQueue(options);
      return {
        ...queue,
        createQueue: async (name, policy) => {
          if (policy === "mail") made.push(name);
          return queue.createQueue(name, policy);
        },
      };
    };
    const app = await buildTestApp(database, {}, { startJobQueue: recording });
    try {
      await until(() => made.length >= MAIL_QUEUES.length);
      expect([...made].sort()).toEqual([...MAIL_QUEUES].sort());
    } finally {
      await app.close();
      await database.close();
    }
  });
});
