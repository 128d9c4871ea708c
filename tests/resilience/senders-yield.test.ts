import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { startMailServer } from "#server/test/mail-server.ts";
import {
  createDatabase,
  dropDatabases,
  freePort,
  requestsWithPayerReminders,
  signUp,
  startServer,
} from "./server-process";

afterAll(dropDatabases);

const REMINDERS = 30;
const BUSY_SECONDS = 6;

/**
 * Decision 029: a backlog of reminders yields to the people the process is answering. With
 * payers opening pay pages throughout, 30 reminders due at once go out one a second (the rate set
 * here), not all at once as before (all 30 within a second or two); once nobody is being served,
 * the rest go at once.
 */
it("sends a backlog at the busy rate while people are served, and the rest at once when they stop", async () => {
  const database = await createDatabase();
  const mail = await startMailServer();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: mail.url,
    MAIL_FROM: "Collect <no-reply@example.com>",
    JOBS_SENDS_PER_SECOND_WHEN_BUSY: "1",
  };
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let loading = true;
  const load: Promise<void>[] = [];
  let server = await startServer(env);
  try {
    const client = await signUp(server.base);
    const [code] = await requestsWithPayerReminders(client, database.url, REMINDERS);
    server.child.kill("SIGTERM");
    await server.exited;
    const moved = await db.query("update reminder set due_at = now() - interval '1 minute'");
    expect(moved.rowCount).toBe(REMINDERS);

    // Payers open a pay page, four at a time, from before the next process listens (it sweeps as
    // it starts) until told to stop.
    const port = await freePort();
    for (let i = 0; i < 4; i++) {
      load.push(
        (async () => {
          while (loading) {
            await fetch(`http://127.0.0.1:${port}/pay/${code}`).then(
              (r) => r.arrayBuffer(),
              () => new Promise((resolve) => setTimeout(resolve, 20)),
            );
          }
        })(),
      );
    }
    server = await startServer(env, port);
    const reminded = () => mail.received.filter((m) => m.to.some((to) => to.startsWith("payer-"))).length;
    await until(() => reminded() > 0, 60_000);
    const first = reminded();
    await new Promise((resolve) => setTimeout(resolve, BUSY_SECONDS * 1_000));
    const busy = reminded() - first;
    console.log(`while busy: ${first} at once, then ${busy} in ${BUSY_SECONDS} s`);
    // One a second, give or take the one starting as the window ends, and a few more should this
    // machine stall the payers for over a second (quiet, to the server): before, all 30 went.
    expect(first).toBeLessThanOrEqual(2);
    expect(busy).toBeGreaterThanOrEqual(1);
    expect(busy).toBeLessThanOrEqual(BUSY_SECONDS + 4);

    // Nobody served any more: the rest go at once (one a second would take 20 s more).
    loading = false;
    await Promise.all(load);
    const stopped = Date.now();
    await until(() => reminded() === REMINDERS, 60_000);
    const restMs = Date.now() - stopped;
    console.log(`the other ${REMINDERS - first - busy} sent ${restMs} ms after the last payer`);
    expect(restMs).toBeLessThan(10_000);
  } finally {
    loading = false;
    await Promise.all(load);
    server.child.kill("SIGKILL");
    await db.end();
    await mail.close();
  }
}, 180_000);
