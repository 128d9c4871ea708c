import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import { createNotifier, EVENTS_CHANNEL } from "./channels";
import type { Database } from "./client";
import { paymentRequests, users } from "./schema";

/** Every payload the channel delivers, from now on. */
async function listenTo(database: Database) {
  const heard: string[] = [];
  const stop = await database.listen(EVENTS_CHANNEL, {
    message: (payload) => heard.push(payload),
    ready: () => {},
    lost: () => {},
  });
  const until = (check: () => boolean) =>
    vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 10 });
  return { heard, stop, until };
}

describeEachDatabase("notifications sent by the app", (ctx) => {
  it("a new request's transaction notifies nobody: its commit never waits on another's", async () => {
    const user = await createReadyUser(ctx.app);
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const channel = await listenTo(ctx.database);
    try {
      const [row] = await ctx.database.db
        .insert(paymentRequests)
        .values({
          userId: owner?.id as string,
          code: "NoTiFy0001",
          recipientName: "A",
          recipientPhone: "2125550101",
          amount: "1.00",
        })
        .returning();
      // Notifications arrive in commit order: once the marker is heard, the insert's would have been.
      await ctx.database.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, 'marker')`);
      await channel.until(() => channel.heard.includes("marker"));
      expect(channel.heard).toEqual(["marker"]);

      // Changes to an existing request still come from the database itself.
      await ctx.database.db
        .update(paymentRequests)
        .set({ status: "paid" })
        .where(eq(paymentRequests.id, row?.id as string));
      await channel.until(() => channel.heard.length === 2);
      expect(JSON.parse(channel.heard[1] as string)).toEqual({
        userId: owner?.id,
        kind: "paid",
        requestId: row?.id,
      });
    } finally {
      await channel.stop();
    }
  });

  it("sends what one moment announces in one statement, each event to the channel", async () => {
    const channel = await listenTo(ctx.database);
    const execute = vi.spyOn(ctx.database.db, "execute");
    try {
      const notifier = createNotifier(ctx.database.db, (error) => {
        throw error;
      });
      for (let i = 0; i < 200; i++) notifier.requestCreated("user-1", `request-${i}`);
      await notifier.flush();
      expect(execute).toHaveBeenCalledTimes(1);
      await channel.until(() => channel.heard.length === 200);
      expect(channel.heard.map((p) => JSON.parse(p))).toEqual(
        Array.from({ length: 200 }, (_, i) => ({
          userId: "user-1",
          kind: "created",
          requestId: `request-${i}`,
        })),
      );
    } finally {
      execute.mockRestore();
      await channel.stop();
    }
  });

  it("reports a batch the database refused and goes on with the next", async () => {
    const errors: unknown[] = [];
    const notifier = createNotifier(ctx.database.db, (error) => errors.push(error));
    notifier.notify(EVENTS_CHANNEL, "x".repeat(9_000)); // over PostgreSQL's payload limit
    await notifier.flush();
    expect(errors).toHaveLength(1);
    const channel = await listenTo(ctx.database);
    try {
      notifier.notify(EVENTS_CHANNEL, "after");
      await notifier.flush();
      await channel.until(() => channel.heard.includes("after"));
    } finally {
      await channel.stop();
    }
  });
});
