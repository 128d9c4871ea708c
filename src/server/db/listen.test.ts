import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";

import { describeWith, freshDatabase, testConfig, until } from "#server/test/harness.ts";
import { EVENTS_CHANNEL, PUBLIC_VIEW_CHANNEL } from "./channels";
import type { ChannelListener, Database } from "./client";

/** What one listener heard. */
function recorder() {
  const heard = { messages: [] as string[], ready: 0, lost: 0 };
  const listener: ChannelListener = {
    message: (payload) => heard.messages.push(payload),
    ready: () => heard.ready++,
    lost: () => heard.lost++,
  };
  return { heard, listener };
}

// PGlite has no connections to count: one process owns it.
describeWith("TEST_DATABASE_URL", "LISTEN on PostgreSQL", () => {
  let database: Database;
  let app: FastifyInstance | undefined;

  /** This database's backends whose last statement was a LISTEN: the listening connections. */
  const listening = async () => {
    const result = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };
  const notifyBoth = (tag: string) =>
    database.db.execute(
      sql`SELECT pg_notify(${PUBLIC_VIEW_CHANNEL}, ${`view-${tag}`}), pg_notify(${EVENTS_CHANNEL}, ${`event-${tag}`})`,
    );

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    // The whole app: its view cache and its event stream both listen.
    app = await buildApp(testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-listen-")) }), {
      database,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("shares one connection among every channel, and listens on all of them again after it is cut", async () => {
    const views = recorder();
    const events = recorder();
    const stopViews = await database.listen(PUBLIC_VIEW_CHANNEL, views.listener);
    const stopEvents = await database.listen(EVENTS_CHANNEL, events.listener);
    expect([views.heard.ready, events.heard.ready]).toEqual([1, 1]);
    expect(await listening()).toBe(1);

    await notifyBoth("1");
    await until(() => views.heard.messages.length > 0 && events.heard.messages.length > 0);
    expect(views.heard.messages).toEqual(["view-1"]);
    expect(events.heard.messages).toEqual(["event-1"]);

    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
    );
    await until(() => views.heard.ready === 2 && events.heard.ready === 2);
    expect([views.heard.lost, events.heard.lost]).toEqual([1, 1]);
    await until(async () => (await listening()) === 1);

    await notifyBoth("2");
    await until(() => views.heard.messages.length > 1 && events.heard.messages.length > 1);
    expect(views.heard.messages).toEqual(["view-1", "view-2"]);
    expect(events.heard.messages).toEqual(["event-1", "event-2"]);

    // The app's own listeners keep the connection; it ends with the last one.
    await stopViews();
    await stopEvents();
    expect(await listening()).toBe(1);
    await app?.close();
    app = undefined;
    await until(async () => (await listening()) === 0);
  });
});
