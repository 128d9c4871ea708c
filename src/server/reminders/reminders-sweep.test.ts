import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { paymentRequests, reminders } from "#server/db/schema.ts";
// app.reminders (the sweep) is declared there.
import type {} from "#server/reminders/reminders.ts";
import { as, buildTestApp, createReadyUser, describeWith, freshDatabase } from "#server/test/harness.ts";

const COUNT = 200;

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * COUNT requests of a new ready user, each with one reminder due before the test clock's now;
 * `extra(i)` adds to the i-th request. Returns the user's id.
 */
async function dueReminders(
  database: Database,
  app: FastifyInstance,
  prefix: string,
  extra: (i: number) => Partial<typeof paymentRequests.$inferInsert> = () => ({}),
): Promise<string> {
  const user = await createReadyUser(app, database.db);
  const userId = (await as(app, user)("GET", "/api/auth/user")).json().id as string;
  const created = await database.db
    .insert(paymentRequests)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        userId,
        code: `${prefix}${String(i).padStart(5, "0")}`,
        recipientName: `Payer ${i}`,
        recipientPhone: "2125550101",
        amount: "10.00",
        createdAt: new Date("2026-11-28T15:00:00Z"),
        ...extra(i),
      })),
    )
    .returning({ id: paymentRequests.id });
  await database.db.insert(reminders).values(
    created.map(({ id }, i) => ({
      requestId: id,
      userId,
      offsetDays: 3,
      dueAt: new Date(Date.parse("2026-12-01T14:00:00Z") + i * 1_000),
    })),
  );
  return userId;
}

// Two app processes' sweeps over one PostgreSQL (FOR UPDATE SKIP LOCKED, the delivery claim in
// the same transaction): every due reminder is decided once, whoever takes it.
describeWith("TEST_DATABASE_URL", "the reminder sweep from two app instances [postgres]", () => {
  let database: Database;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    const clock = createTestClock("2026-12-01T15:00:00Z");
    // One after the other, as processes of a deployment come up: pg-boss's test clock creates
    // its type when a queue starts, and two starting at the same moment on a fresh database
    // collided on it ("duplicate key … pg_type_typname_nsp_index"), a test-clock-only race.
    const first = await buildTestApp(database, {}, { clock });
    await first.reminders.started;
    apps = [first, await buildTestApp(database, {}, { clock })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it(`decides ${COUNT} due reminders exactly once: ${COUNT} deliveries, ${COUNT} notify jobs`, async () => {
    // The queues start in the background (app.ts): wait for them and for a start-time sweep to
    // have run, before the rows below exist, so the counts are this test's sweeps alone.
    await Promise.all(apps.map((app) => app.reminders.started));
    await expect
      .poll(
        async () =>
          (
            await rowsOf<{ n: number }>(
              database,
              sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reminder-sweep' AND state = 'completed'`,
            )
          )[0]?.n ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1);
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    await dueReminders(database, first, "sweep");

    // Small batches, both at once, twice over: the processes interleave and race for rows.
    const decided = await Promise.all([
      first.reminders.sweep(7),
      second.reminders.sweep(7),
      first.reminders.sweep(13),
      second.reminders.sweep(13),
    ]);
    expect(decided.reduce((a, b) => a + b, 0)).toBe(COUNT);

    const [claims] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM delivery WHERE key LIKE 'reminder:%' AND kind = 'notify'`,
    );
    expect(claims?.n).toBe(COUNT);
    const [emails] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM delivery WHERE key LIKE 'reminder:%:email'`,
    );
    expect(emails?.n).toBe(COUNT);
    const [jobs] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify' AND singleton_key LIKE 'reminder:%'`,
    );
    expect(jobs?.n).toBe(COUNT);
    const states = await rowsOf<{ state: string; n: number }>(
      database,
      sql`SELECT state::text, count(*)::int AS n FROM reminder GROUP BY state`,
    );
    expect(states).toEqual([{ state: "sent", n: COUNT }]);
    expect(await Promise.all([first.reminders.sweep(), second.reminders.sweep()])).toEqual([0, 0]);
  });

  // A batch's payer emails are claimed and queued one statement each for the batch: racing
  // sweeps still make one delivery and one job per reminder.
  it(`decides ${COUNT} due payer reminders exactly once: ${COUNT} email deliveries, ${COUNT} payer-mail jobs`, async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const userId = await dueReminders(database, first, "payer", (i) => ({
      payerEmail: `payer-${i}@example.com`,
      // Every tenth already paid: skipped, no email.
      status: i % 10 === 0 ? "paid" : "pending",
    }));
    const decided = await Promise.all([
      first.reminders.sweep(7),
      second.reminders.sweep(7),
      first.reminders.sweep(50),
      second.reminders.sweep(50),
    ]);
    expect(decided.reduce((a, b) => a + b, 0)).toBe(COUNT);

    const sent = COUNT - COUNT / 10;
    const [claims] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM delivery WHERE key LIKE 'reminder:%' AND kind = 'email' AND user_id = ${userId}`,
    );
    expect(claims?.n).toBe(sent);
    const jobs = await rowsOf<{ key: string }>(
      database,
      sql`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'payer-mail' AND data->>'kind' = 'reminder'`,
    );
    expect(jobs).toHaveLength(sent);
    expect(new Set(jobs.map((job) => job.key)).size).toBe(sent);
    const states = await rowsOf<{ state: string; channel: string; n: number }>(
      database,
      sql`SELECT r.state::text, r.channel, count(*)::int AS n FROM reminder r
            WHERE r.user_id = ${userId} GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(states).toEqual([
      { state: "sent", channel: "payer-email", n: sent },
      { state: "skipped", channel: "payer-email", n: COUNT / 10 },
    ]);
  });
});
