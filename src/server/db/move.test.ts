import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, buildTestApp, createReadyUser, freshDatabase } from "#server/test/harness.ts";
import type { Database } from "./client";
import { countTables, moveRows } from "./move";
import { notificationSettings, paymentRequests, users } from "./schema";

// Issue 26 item 10: an embedded installation moves to PostgreSQL with every row.
describe.skipIf(!process.env.TEST_DATABASE_URL)("moving the embedded database to PostgreSQL", () => {
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
