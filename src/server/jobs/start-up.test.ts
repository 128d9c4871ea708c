import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { buildTestApp, databaseKinds, freshDatabase } from "#server/test/harness.ts";
import { type JobQueueOptions, startJobQueue } from "./queue";

/**
 * The app answers before pg-boss is up (issue 26 item 6, issue 22): the notification workers,
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

/**
 * PostgreSQL only: there pg-boss has its own pool. On PGlite it shares the app's one connection
 * and the app waits for it (app.ts says why); the other suites cover that path.
 */
const kinds = databaseKinds.filter((kind) => kind === "postgres");

describe.skipIf(kinds.length === 0).each(kinds)("start-up beside the job queue [%s]", (kind) => {
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
});
