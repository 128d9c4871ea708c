import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "#server/clock.ts";
import { jobIdFor, startJobQueue } from "#server/queue/queue.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  describeWith,
  freshDatabase,
  until,
} from "#server/test/harness.ts";
import type { Database } from "../db/client";
import { notificationSettings, paymentRequests, users } from "../db/schema";
import { countTables, moveRows } from "./move";

// An embedded installation moves to PostgreSQL with every row.
describeWith("TEST_DATABASE_URL", "moving the embedded database to PostgreSQL", () => {
  let source: Database;
  let target: Database;
  beforeAll(async () => {
    source = await freshDatabase("pglite");
    target = await freshDatabase("postgres");
    const app = await buildTestApp(source);
    for (const n of [1, 2]) {
      const user = await createReadyUser(app);
      for (const amount of ["12.50", "1000000.00", "0.01"]) {
        const made = await as(app, user)("POST", "/api/payment-requests", {
          recipientName: `Payer ${n} ✓ “quoted”`,
          recipientPhone: "2125550123",
          amount,
          description: "Rent & more, “second” line",
        });
        expect(made.statusCode, made.body).toBe(201);
      }
    }
    // Arrays, JSON and dates come over as they are.
    const [someone] = await source.db.select({ id: users.id }).from(users).limit(1);
    await source.db
      .update(users)
      .set({ reminderDays: [3, 7], timeZone: "America/Chicago" })
      .where(eq(users.id, someone?.id as string));
    await source.db.insert(notificationSettings).values({
      userId: someone?.id as string,
      channels: { claim: { email: false, push: true } },
      digestHour: 8,
    });
    await source.db.update(paymentRequests).set({ dueDate: "2027-02-28" });
    await app.close();
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it("copies every row: the same count and the same checksum of every table's rows on both sides", async () => {
    const { source: before, target: after } = await moveRows(source.db, target.db);
    expect(after).toEqual(before);
    const byTable = Object.fromEntries(after.map((t) => [t.table, t.rows]));
    expect(byTable.user).toBe(2);
    expect(byTable.payment_request).toBe(6);
    expect(byTable.notification_setting).toBe(1);
    const amounts = (await target.db.select({ amount: paymentRequests.amount }).from(paymentRequests))
      .map((r) => r.amount)
      .sort();
    expect(amounts).toEqual(["0.01", "0.01", "1000000.00", "1000000.00", "12.50", "12.50"]);
  });

  it("refuses a PostgreSQL database that already has users", async () => {
    await expect(moveRows(source.db, target.db)).rejects.toThrow("already has users");
    expect(await countTables(target.db)).toEqual(await countTables(source.db));
  });
});

describeWith("TEST_DATABASE_URL", "moving the job queue to PostgreSQL", () => {
  const quiet = { warn: () => {}, error: () => {} };
  const jobStates = async (database: Database) =>
    (
      (await database.db.execute(
        sql`select singleton_key as key, state::text from pgboss.job where name = 'payer-mail' order by 1`,
      )) as unknown as { rows: { key: string; state: string }[] }
    ).rows;

  it("carries waiting, retrying, running and given-up mail and the cron schedules, counted like every table", async () => {
    const source = await freshDatabase("pglite");
    const target = await freshDatabase("postgres");
    try {
      // Mail waiting through an SMTP outage on the embedded database, as the operator moves.
      const queue = await startJobQueue({
        db: source.db,
        kind: "pglite",
        log: quiet,
        clock: createClock(),
        mailRetry: { retryDelaySeconds: 1 },
      });
      await queue.createQueue("payer-mail", "mail");
      await queue.createQueue("sweep");
      await queue.schedule("sweep", "*/5 * * * *");
      for (const key of ["given-up", "retrying", "running", "waiting"])
        await queue.send("payer-mail", { key }, { key });
      await queue.stop();
      const set = (key: string, change: ReturnType<typeof sql>) =>
        source.db.execute(sql`update pgboss.job set ${change} where id = ${jobIdFor(key)}::uuid`);
      await set("retrying", sql`state = 'retry', retry_count = 3, started_on = now() - interval '1 minute'`);
      // Its process was stopped mid-send: it is taken over where it lands.
      await set("running", sql`state = 'active', started_on = now() - interval '10 minutes'`);
      await set("given-up", sql`state = 'failed', completed_on = now()`);

      const { source: before, target: after } = await moveRows(source.db, target.db);
      expect(after).toEqual(before);
      const rows = Object.fromEntries(after.map((t) => [t.table, t.rows]));
      expect(rows).toMatchObject({ "pgboss.schedule": 1, "pgboss.job": 4 });
      const queues = (
        (await target.db.execute(sql`select name from pgboss.queue`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows.map((row) => row.name);
      expect(queues).toEqual(expect.arrayContaining(["payer-mail", "sweep"]));
      expect(await jobStates(target)).toEqual([
        { key: "given-up", state: "failed" },
        { key: "retrying", state: "retry" },
        { key: "running", state: "active" },
        { key: "waiting", state: "created" },
      ]);

      // A server on PostgreSQL sends what waited; the given-up one waits for `npm run mail:retry`.
      const sent: string[] = [];
      const onTarget = await startJobQueue({
        db: target.db,
        kind: "postgres",
        log: quiet,
        clock: createClock(),
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
      });
      try {
        await onTarget.work<{ key: string }>("payer-mail", async (job) => void sent.push(job.data.key));
        await until(() => sent.length === 3, 20_000);
        expect(sent.sort()).toEqual(["retrying", "running", "waiting"]);
        expect((await jobStates(target)).find((job) => job.key === "given-up")?.state).toBe("failed");
      } finally {
        await onTarget.stop();
      }
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);
});
