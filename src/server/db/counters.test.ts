import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, freshDatabase } from "#server/test/harness.ts";
import type { Database } from "./client";
import { allowanceWait, countInWindow, countUnlessLocked, sweepCounters } from "./counters";

const HOUR = 60 * 60_000;
const LOCK = { free: 5, firstMs: 30_000, maxMs: HOUR, forgetMs: 24 * HOUR };

describe.each(databaseKinds)("limit counters [%s]", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database?.close());

  /** What better-auth does to its rate_limit table once its 60 s window has passed. */
  const betterAuthPrunes = () =>
    database.db.execute(sql`DELETE FROM rate_limit WHERE last_request < ${Date.now() + 61_000}`);

  it("keep an hourly allowance and a growing lock across better-auth's pruning", async () => {
    for (let i = 0; i < 3; i++) expect(await allowanceWait(database.db, "resends:a", 3, HOUR)).toBe(0);
    for (let i = 0; i < 7; i++) await countUnlessLocked(database.db, "account:a", LOCK, Date.now());
    await betterAuthPrunes();
    expect(await allowanceWait(database.db, "resends:a", 3, HOUR)).toBeGreaterThan(HOUR - 60_000);
    const locked = await countUnlessLocked(database.db, "account:a", LOCK, Date.now());
    expect(locked).toMatchObject({ locked: true, count: 5 });
  });

  it("start a new window once the old one ended, and sweep only what has expired", async () => {
    const now = Date.now();
    await countInWindow(database.db, "short:a", 1);
    await countInWindow(database.db, "long:a", HOUR);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await countInWindow(database.db, "short:a", 1)).count).toBe(1);
    expect((await countInWindow(database.db, "long:a", HOUR)).count).toBe(2);

    const swept = await sweepCounters(database.db, now + 2 * HOUR);
    expect(swept).toBeGreaterThanOrEqual(2);
    expect((await countInWindow(database.db, "long:a", HOUR)).count).toBe(1);
    // A lock is remembered for its forget period, not its window.
    expect(await sweepCounters(database.db, now + HOUR)).toBe(0);
  });
});
