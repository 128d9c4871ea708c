import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { REQUEST_BODY } from "#server/test/fixtures.ts";
import { as, buildTestApp, createReadyUser, databaseKinds, freshDatabase } from "#server/test/harness.ts";
import { PAYER_MAIL_QUEUE } from "../reminders/reminders-send";
import { type JobQueue, type JobQueueOptions, startJobQueue } from "./queue";

/**
 * The app answers before pg-boss is up (docs/decisions/017-fast-start-up.md): the notification workers,
 * automatic reminders, recurring requests and the digest all start on the queue in the
 * background, log a failed start, and settle before the queue stops on close.
 */

/** A queue whose start waits until the test lets it go (or fails it). */
function heldQueue() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  gate.catch(() => {});
  const start = async (options: JobQueueOptions) => {
    await gate;
    return startJobQueue(options);
  };
  return { start, release, fail };
}

/** Runs `use` on an app of its own (queue and all), closed after. */
async function withApp<T>(database: Database, use: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildTestApp(database);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

/** Fails instead of hanging when building the app waits for the queue. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms),
    ),
  ]);
}

describe.each(databaseKinds)("start-up beside the job queue [%s]", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function queueNames(): Promise<string[]> {
    const result = (await database.db.execute(
      sql`select name from pgboss.queue order by name`,
    )) as unknown as {
      rows: { name: string }[];
    };
    return result.rows.map((row) => row.name);
  }

  it("answers /healthz and /readyz while the queue's start is still pending, then starts the workers", async () => {
    const queue = heldQueue();
    const logs = logLines();
    const building = buildTestApp(
      database,
      { logLevel: "warn" },
      { startJobQueue: queue.start, logStream: logs.stream },
    );
    let app: FastifyInstance | undefined;
    try {
      app = await within(10_000, building, "building the app while the queue's start is pending");
      const health = await app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(200);
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });
    } finally {
      queue.release();
      app ??= await building;
    }
    await within(30_000, app.reminders.started, "the reminders' start once the queue is up");
    await expect
      .poll(queueNames, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["reminder-sweep", "recurring-sweep", "notification-digest"]));
    await app.close();
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  // main.ts passes the server's listen: pg-boss's start (a third of an embedded start-up) comes
  // after the first answers instead of before them.
  it("starts the queue only once `jobQueueAfter` settles, answering meanwhile", async () => {
    const queue = heldQueue();
    queue.release();
    let starts = 0;
    const counted = (options: JobQueueOptions) => {
      starts++;
      return queue.start(options);
    };
    let listened!: () => void;
    const logs = logLines();
    const app = await within(
      10_000,
      buildTestApp(
        database,
        { logLevel: "warn" },
        {
          startJobQueue: counted,
          jobQueueAfter: new Promise<void>((resolve) => (listened = resolve)),
          logStream: logs.stream,
        },
      ),
      "building the app before it listens",
    );
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode, ready.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(starts).toBe(0);
      listened();
      await within(30_000, app.reminders.started, "the reminders' start once the queue may start");
      expect(starts).toBe(1);
    } finally {
      await within(30_000, app.close(), "closing the app");
    }
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("a close before `jobQueueAfter` settles still ends, with nothing logged as failed", async () => {
    const logs = logLines();
    const app = await buildTestApp(
      database,
      { logLevel: "warn" },
      { jobQueueAfter: new Promise<void>(() => {}), logStream: logs.stream },
    );
    await within(30_000, app.close(), "closing an app whose queue never got to start");
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  // On PGlite pg-boss shares the app's one connection and a transaction holds it: a create that
  // enqueued its email in a transaction opened during the queue's start waited for a start that
  // waited for the connection, for good (the embedded start waited for the queue because of it).
  it("a write that enqueues in its transaction while the queue starts is kept, and nothing hangs", async () => {
    const user = await withApp(database, (app) => createReadyUser(app));
    const queue = heldQueue();
    const app = await within(
      10_000,
      buildTestApp(database, { logLevel: "warn" }, { startJobQueue: queue.start }),
      "building the app while the queue's start is pending",
    );
    try {
      const creating = as(app, user)("POST", "/api/payment-requests", {
        ...REQUEST_BODY,
        payerEmail: "alex@example.com",
        sendBy: "email",
      });
      // The create reaches its transaction (or the wait before it) while the queue is still held.
      await new Promise((resolve) => setTimeout(resolve, 100));
      queue.release();
      const created = await within(20_000, creating, "a create with a payer email as the queue starts");
      expect(created.statusCode, created.body).toBe(201);
      const { request } = created.json();
      const jobs = (await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${PAYER_MAIL_QUEUE} and data->>'requestId' = ${request.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(jobs.rows[0]?.n).toBe(1);
    } finally {
      queue.release();
      await within(30_000, app.close(), "closing the app");
    }
  });

  // A CI run: a create with a payer email on a new database answered 500 ("Queue payer-mail
  // does not exist") when it came before the background start had made that queue.
  it("a send to a queue still being made waits for it, on a database that has no queues yet", async () => {
    const fresh = await freshDatabase(kind);
    const user = await withApp(fresh, (app) => createReadyUser(app));
    await fresh.db.execute(sql`drop schema pgboss cascade`);
    let made!: () => void;
    const payerMailMade = new Promise<void>((resolve) => (made = resolve));
    const slowPayerMail = async (options: JobQueueOptions): Promise<JobQueue> => {
      const queue = await startJobQueue(options);
      return {
        ...queue,
        createQueue: async (name, policy) => {
          if (name === PAYER_MAIL_QUEUE) await new Promise((resolve) => setTimeout(resolve, 300));
          await queue.createQueue(name, policy);
          if (name === PAYER_MAIL_QUEUE) made();
        },
      };
    };
    const logs = logLines();
    const app = await buildTestApp(
      fresh,
      { logLevel: "warn" },
      { startJobQueue: slowPayerMail, logStream: logs.stream },
    );
    try {
      const created = await within(
        20_000,
        as(app, user)("POST", "/api/payment-requests", {
          ...REQUEST_BODY,
          payerEmail: "alex@example.com",
          sendBy: "email",
        }),
        "a create with a payer email before its queue is made",
      );
      expect(created.statusCode, created.body).toBe(201);
      await payerMailMade;
      const jobs = (await fresh.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${PAYER_MAIL_QUEUE} and data->>'requestId' = ${created.json().request.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(jobs.rows[0]?.n).toBe(1);
    } finally {
      await within(30_000, app.close(), "closing the app");
      await fresh.close();
    }
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("a queue that cannot start is logged, the app keeps answering and closes cleanly", async () => {
    const queue = heldQueue();
    const logs = logLines();
    const app = await within(
      10_000,
      buildTestApp(database, { logLevel: "warn" }, { startJobQueue: queue.start, logStream: logs.stream }),
      "building the app while the queue's start is pending",
    );
    queue.fail(new Error("connection refused"));
    await app.reminders.started;
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    await within(10_000, app.close(), "closing the app after a failed queue start");
    const errors = logs.lines.filter((line) => line.level >= 50).map((line) => line.msg);
    expect(errors).toEqual(
      expect.arrayContaining([
        "job queue did not start",
        "automatic reminders did not start",
        "recurring requests did not start",
        "the daily digest did not start",
      ]),
    );
  });

  it("closing as the queue comes up lets the background starts finish before the queue stops", async () => {
    const queue = heldQueue();
    const logs = logLines();
    const app = await within(
      10_000,
      buildTestApp(database, { logLevel: "warn" }, { startJobQueue: queue.start, logStream: logs.stream }),
      "building the app while the queue's start is pending",
    );
    queue.release();
    await within(30_000, app.close(), "closing the app as the queue comes up");
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("closing while the notification workers start waits for them, then stops the queue", async () => {
    // The notifications' start was not among the starts a close waits for: a CI run closed the
    // queue under it and its workers were registered on a stopped queue ("Workers are disabled.
    // pg-boss is stopped", logged as "notifications did not start"). Here their registration
    // waits until the queue has stopped, or half a second when the close waits for it.
    let registering!: () => void;
    const reached = new Promise<void>((resolve) => (registering = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let registered!: () => void;
    const attempted = new Promise<void>((resolve) => (registered = resolve));
    const slowNotifyWorkers = async (options: JobQueueOptions): Promise<JobQueue> => {
      const queue = await startJobQueue(options);
      return {
        ...queue,
        work: async (name, handler, workOptions) => {
          if (name !== "notify") return queue.work(name, handler, workOptions);
          registering();
          await gate;
          try {
            return await queue.work(name, handler, workOptions);
          } finally {
            registered();
          }
        },
        stop: async (timeoutMs) => {
          await queue.stop(timeoutMs);
          letGo();
        },
      };
    };
    const logs = logLines();
    const app = await buildTestApp(
      database,
      { logLevel: "warn" },
      { startJobQueue: slowNotifyWorkers, logStream: logs.stream },
    );
    await within(10_000, reached, "the notification workers' registration");
    const closing = app.close();
    setTimeout(letGo, 500);
    await within(30_000, closing, "closing the app while the notification workers start");
    await within(5_000, attempted, "the notification workers' registration, finished");
    await new Promise((resolve) => setImmediate(resolve));
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
