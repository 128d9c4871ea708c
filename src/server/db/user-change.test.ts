import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createTestClock } from "#server/clock.ts";
import { users } from "#server/db/schema.ts";
import {
  appsOnFreshDatabase,
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
} from "#server/test/harness.ts";
import { createUserCache } from "./user-change";

describe("createUserCache", () => {
  const counting = () => {
    const reads: string[] = [];
    const cache = createUserCache(async (userId) => {
      reads.push(userId);
      return `value of ${userId} #${reads.length}`;
    });
    return { reads, cache };
  };

  it("reads a user once while it listens, and again after the user changed", async () => {
    const { reads, cache } = counting();
    cache.listener.ready();
    expect(await cache.get("a")).toBe("value of a #1");
    expect(await cache.get("a")).toBe("value of a #1");
    cache.listener.message("b");
    expect(await cache.get("a")).toBe("value of a #1");
    cache.listener.message("a");
    expect(await cache.get("a")).toBe("value of a #2");
    expect(reads).toEqual(["a", "a"]);
  });

  it("stands aside until it listens and once the listening connection is lost", async () => {
    const { reads, cache } = counting();
    await cache.get("a");
    await cache.get("a");
    cache.listener.ready();
    await cache.get("a");
    await cache.get("a");
    cache.listener.lost();
    await cache.get("a");
    expect(reads).toHaveLength(4);
  });

  it("does not keep a read that started before a change", async () => {
    let release = () => {};
    let calls = 0;
    const cache = createUserCache(async () => {
      calls++;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return calls;
    });
    cache.listener.ready();
    const slow = cache.get("a");
    cache.listener.message("a");
    release();
    expect(await slow).toBe(1);
    expect(await cache.get("a")).toBe(2);
  });

  it("keeps an entry for ttlMs and at most maxEntries users", async () => {
    let now = 0;
    const reads: string[] = [];
    const cache = createUserCache(
      async (id) => {
        reads.push(id);
        return id;
      },
      { ttlMs: 1_000, maxEntries: 2, now: () => now },
    );
    cache.listener.ready();
    await cache.get("a");
    now = 999;
    await cache.get("a");
    now = 1_000;
    await cache.get("a"); // expired: read again
    await cache.get("b");
    await cache.get("c"); // a is the oldest: out
    await cache.get("b");
    await cache.get("a");
    expect(reads).toEqual(["a", "a", "b", "c", "a"]);
  });
});

describe.each(databaseKinds)("a requester's zone, kept per process [%s]", (kind) => {
  const { database, appWith } = appsOnFreshDatabase(kind);
  // 07:00 in New York, 13:00 in Paris, on Wednesday, November 25, 2026.
  const clock = createTestClock("2026-11-25T12:00:00Z");
  const body = {
    recipientName: "Alex Kim",
    recipientPhone: "2125550101",
    amount: "25",
    description: "Lunch",
  };

  it("plans reminders in the zone set a moment ago, in this process or another", async () => {
    // `deaf` hears no notification from the database (its listener is told it listens, then
    // nothing): only its own route's forget can drop what it keeps.
    const heard = database();
    const deaf = await buildTestApp(
      { ...heard, listen: (channel, listener) => heard.listen(channel, { ...listener, message: () => {} }) },
      {},
      { clock },
    );
    onTestFinished(() => deaf.close());
    const other = await appWith({}, { clock });
    const user = await createReadyUser(deaf, database().db);
    const firstReminder = async (app: typeof deaf) => {
      const created = await as(app, user)("POST", "/api/payment-requests", body);
      expect(created.statusCode, created.body).toBe(201);
      return created.json().request.reminders.nextAt;
    };
    // 9:00 three days later, in New York (the zone a requester without one is read in).
    expect(await firstReminder(deaf)).toBe("2026-11-28T14:00:00.000Z");
    expect(await firstReminder(other)).toBe("2026-11-28T14:00:00.000Z");

    // Set through this process: the route forgets what it kept.
    const paris = await as(deaf, user)("PUT", "/api/notifications/time-zone", { timeZone: "Europe/Paris" });
    expect(paris.statusCode, paris.body).toBe(204);
    expect(await firstReminder(deaf)).toBe("2026-11-28T08:00:00.000Z");

    // Set through another process: the database's notification reaches this one.
    await vi.waitFor(async () => expect(await firstReminder(other)).toBe("2026-11-28T08:00:00.000Z"));
    const tokyo = await as(deaf, user)("PUT", "/api/notifications/time-zone", { timeZone: "Asia/Tokyo" });
    expect(tokyo.statusCode, tokyo.body).toBe(204);
    await vi.waitFor(async () => expect(await firstReminder(other)).toBe("2026-11-28T00:00:00.000Z"), {
      timeout: 5_000,
      interval: 20,
    });

    // And the default reminder days, written straight to the row as any process or tool might.
    await database()
      .db.update(users)
      .set({ reminderDays: [1] })
      .where(eq(users.email, user.email));
    await vi.waitFor(async () => expect(await firstReminder(other)).toBe("2026-11-26T00:00:00.000Z"), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
