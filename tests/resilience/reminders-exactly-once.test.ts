import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { startMailServer } from "#server/test/mail-server.ts";
import {
  createDatabase,
  dropDatabases,
  requestsWithPayerReminders,
  type ServerProcess,
  signUp,
  startServer,
} from "./server-process";

afterAll(dropDatabases);

const REMINDERS = 500;
const KILLS = 5;

/**
 * Issue 22 item 6: three app processes on one PostgreSQL, 500 reminders due at once, and five
 * SIGKILLs while they are sent. Every reminder reaches the payer exactly once in effect: one
 * Message-ID per reminder at the SMTP server, none missing. (A process killed between the SMTP
 * server's answer and its own record resends with the same Message-ID, which mail systems
 * collapse; the test reports how often that happened.)
 */
it("sends 500 reminders due at once exactly once across three processes and five SIGKILLs", async () => {
  const database = await createDatabase();
  const mail = await startMailServer();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: mail.url,
    MAIL_FROM: "Collect <no-reply@example.com>",
    // A killed process's attempt is taken over within seconds, not the default five minutes.
    JOBS_EXPIRE_SECONDS: "5",
    JOBS_SUPERVISE_SECONDS: "2",
    // …and retried within seconds: a batch cut off by a kill waited out the queue's 60 s backoff.
    JOBS_RETRY_DELAY_MAX_SECONDS: "2",
  };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) servers.push(await startServer(env));
  try {
    const client = await signUp((servers[0] as ServerProcess).base);
    await requestsWithPayerReminders(client, database.url, REMINDERS);
    // Every reminder due a minute ago: the next sweep of any process finds all 500 at once.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const moved = await db.query(
      "update reminder set due_at = now() - interval '1 minute' where state = 'scheduled'",
    );
    expect(moved.rowCount).toBe(REMINDERS);

    // Each start sweeps; kill one process after another while the sends run, and start it again.
    for (let k = 0; k < KILLS; k++) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      const i = k % servers.length;
      const victim = servers[i] as ServerProcess;
      victim.child.kill("SIGKILL");
      await victim.exited;
      servers[i] = await startServer(env);
    }

    const reminderMails = () => mail.received.filter((m) => m.to.some((to) => to.startsWith("payer-")));
    const progress = setInterval(async () => {
      const states = await db.query(
        "select 'reminder ' || state as s, count(*)::int as n from reminder group by state union all select 'delivery ' || state, count(*)::int from delivery group by state",
      );
      console.log(
        `progress: ${new Set(reminderMails().map((m) => m.to[0])).size} payers emailed; ${JSON.stringify(states.rows)}`,
      );
    }, 15_000);
    // Every payer emailed and every delivery settled: a process killed between the SMTP server's
    // answer and its own record leaves its delivery pending until its attempt is taken over
    // (JOBS_EXPIRE_SECONDS). With pooled mail the 500 can all arrive before that.
    const pending = async () =>
      (
        await db.query(
          "select count(*)::int as n from delivery where key like 'reminder:%' and state <> 'sent'",
        )
      ).rows[0].n as number;
    await until(
      async () => new Set(reminderMails().map((m) => m.to[0])).size >= REMINDERS && (await pending()) === 0,
      240_000,
    ).finally(() => clearInterval(progress));
    // Quiet for a moment: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const byPayer = new Map<string, Set<string>>();
    for (const m of reminderMails()) {
      const ids = byPayer.get(m.to[0] as string) ?? new Set<string>();
      ids.add(m.headers?.["message-id"] ?? "");
      byPayer.set(m.to[0] as string, ids);
    }
    const resent = reminderMails().length - byPayer.size;
    const { rows } = await db.query(
      "select state, count(*)::int as n from delivery where key like 'reminder:%' group by state order by state",
    );
    await db.end();
    console.log(
      `reminders: ${byPayer.size} payers emailed, ${reminderMails().length} messages, ${resent} resent with the same Message-ID; deliveries ${JSON.stringify(rows)}`,
    );
    expect(byPayer.size).toBe(REMINDERS);
    expect([...byPayer.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(rows).toEqual([{ state: "sent", n: REMINDERS }]);
  } finally {
    for (const server of servers) server.child.kill("SIGKILL");
    await mail.close();
  }
}, 400_000);
