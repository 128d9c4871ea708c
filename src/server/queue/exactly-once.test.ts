import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { databaseKinds, freshDatabase, until } from "../test/harness";
import { claimDelivery, deliverOnce, deliveryAttempt, messageIdFor } from "./effects";
import { type JobQueue, postgresUrlOf, startJobQueue } from "./queue";

const quiet = { warn: () => {}, error: () => {} };
const KEYS = Array.from({ length: 200 }, (_, i) => `reminder:req-${i}:3`);

/**
 * Two app processes, simulated: each has its own database pool (on PostgreSQL) and its own
 * pg-boss instance, deciding and sending the same 200 reminders.
 */
describe.each(databaseKinds)("exactly once in effect across two queue instances [%s]", (kind) => {
  let database: Database;
  let second: Database | undefined;
  const queues: JobQueue[] = [];
  const clock = createClock();
  const effects: { key: string; messageId: string; by: string }[] = [];
  const decisionsBy = { a: 0, b: 0 };

  beforeAll(async () => {
    database = await freshDatabase(kind);
    if (kind === "postgres") {
      const url = postgresUrlOf(database.db) ?? "";
      second = await openDatabase({ kind: "postgres", url, poolSize: 5 });
    }
    for (const [name, db] of [
      ["a", database.db],
      ["b", (second ?? database).db],
    ] as const) {
      const queue = await startJobQueue({ db, kind, log: quiet, clock, pollingIntervalSeconds: 0.5 });
      queues.push(queue);
      await queue.createQueue("reminder-due");
      await queue.createQueue("deliver", { retryLimit: 2, retryDelaySeconds: 1 });
      await queue.work<{ key: string }>(
        "reminder-due",
        async (job) => {
          decisionsBy[name] += 1;
          // The decision and its delivery row and send job commit together, or not at all.
          await db.transaction(async (tx) => {
            if (await claimDelivery(tx, job.data.key, "reminder", clock.now())) {
              await queue.send("deliver", { key: job.data.key }, { key: job.data.key, tx });
            }
          });
        },
        { batchSize: 20, concurrency: 2 },
      );
      await queue.work<{ key: string }>(
        "deliver",
        async (job) => {
          await deliverOnce(
            db,
            deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
            async (messageId) => {
              effects.push({ key: job.data.key, messageId, by: name });
            },
          );
        },
        { batchSize: 20, concurrency: 2 },
      );
    }
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await second?.close();
    await database?.close();
  });

  it("200 reminders sent by both, keyed and again unkeyed, have one delivery row and one effect each", async () => {
    const [a, b] = queues as [JobQueue, JobQueue];
    await Promise.all([
      ...KEYS.map((key) => a.send("reminder-due", { key }, { key })),
      ...KEYS.map((key) => b.send("reminder-due", { key }, { key })),
      // A sweep in each process deciding the same reminders again, with no key to stop it.
      ...KEYS.map((key) => a.send("reminder-due", { key })),
      ...KEYS.map((key) => b.send("reminder-due", { key })),
    ]);

    const count = async (query: SQL) =>
      ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    await until(
      async () =>
        (await count(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reminder-due' AND state = 'completed'`,
        )) === 600 &&
        (await count(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver' AND state = 'completed'`,
        )) === 200,
      60_000,
    );

    // 400 keyed sends made 200 jobs; the 400 unkeyed ones made 400 more.
    expect(decisionsBy.a + decisionsBy.b).toBe(600);
    expect(effects).toHaveLength(200);
    expect(new Set(effects.map((e) => e.key)).size).toBe(200);
    for (const effect of effects) expect(effect.messageId).toBe(messageIdFor(effect.key, "collect.test"));
    expect(
      await count(sql`SELECT count(*)::int AS n FROM delivery WHERE state = 'sent' AND attempts = 1`),
    ).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM delivery`)).toBe(200);
    // Both instances took part in the deciding.
    expect(decisionsBy.a).toBeGreaterThan(0);
    expect(decisionsBy.b).toBeGreaterThan(0);
  });
});
