import net from "node:net";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { messageIdFor } from "#server/queue/effects.ts";
import { until } from "#server/test/harness.ts";
import { type ReceivedMail, startMailServer } from "#server/test/mail-server.ts";
import { longDate } from "#shared/schedule/due-date.ts";
import { addDays, localDate } from "#shared/schedule/zoned.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/recurring.ts";
import { createDatabase, dropDatabases, type ServerProcess, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

const SERIES = 50;
/** Each occurrence's reminders: on its due day, and 3 and 10 days after it. */
const REMINDER_DAYS = [0, 3, 10];
/** Each occurrence's request goes out this many days before its due day. */
const SEND_DAYS_BEFORE = 5;
const REMINDERS = SERIES * REMINDER_DAYS.length;
const KILLS_WHILE_MAKING = 3;
const KILLS_WHILE_REMINDING = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay in front of the SMTP server that holds each of the server's answers back `ms`.
 * Pooled mail sent all 150 reminders between two kills, none of them in flight; held back, each
 * message takes a few hundred milliseconds, so kills land while messages are in flight, some of
 * them after the server has the message and before the sender has heard its answer.
 */
async function slowRelay(target: string, ms: number) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", () => setTimeout(close, ms));
    client.pipe(upstream);
    // Every answer later by the same `ms`, so they keep their order.
    upstream.on("data", (chunk) => setTimeout(() => client.destroyed || client.write(chunk), ms));
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => relay.close(resolve));
    },
  };
}

/**
 * Three app processes on one PostgreSQL, fifty rent-grade monthly series, each with its own
 * reminder days (on the due day, 3 and 10 days after), and SIGKILLs twice over: while the
 * occurrences are made and their emails go out ahead of the due day, and then while their 150
 * reminders, all due at once, are sent (each payer's three as one email, reminders-sweep.ts).
 * Every email reaches its payer exactly once in effect: one Message-ID per occurrence and per
 * reminder delivery at the SMTP server, none missing, none extra, and every reminder decided. (A process killed between the SMTP server's answer and its own record
 * resends with the same Message-ID, which mail systems collapse; the test reports how often.)
 */
it("sends every occurrence's due-day reminders exactly once across three processes and eight SIGKILLs", async () => {
  const database = await createDatabase();
  const mail = await startMailServer();
  const relay = await slowRelay(mail.url, 100);
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: relay.url,
    MAIL_FROM: "Collect <no-reply@example.com>",
    // A killed process's attempt is taken over within seconds, not the default five minutes.
    JOBS_EXPIRE_SECONDS: "5",
    JOBS_SUPERVISE_SECONDS: "2",
    // …and retried within seconds: a batch cut off by a kill waited out the queue's 60 s backoff.
    JOBS_RETRY_DELAY_MAX_SECONDS: "2",
  };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) servers.push(await startServer(env));
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const count = async (query: string) => (await db.query(query)).rows[0].n as number;
  const payerMails = () => mail.received.filter((m) => m.to.some((to) => to.startsWith("payer-")));
  const reminderMails = () => payerMails().filter((m) => m.subject.startsWith("Reminder:"));
  // A killed process starts again in the background (and sweeps as it starts): the next kill
  // does not wait for it, but a process is killed again only once it is back.
  const restarts = new Map<number, Promise<void>>();
  let kills = 0;
  const killedPorts = new Set<string>();
  const killNext = async (phase: string) => {
    const i = kills++ % servers.length;
    await restarts.get(i);
    const victim = servers[i] as ServerProcess;
    victim.child.kill("SIGKILL");
    await victim.exited;
    killedPorts.add(new URL(victim.base).port);
    console.log(
      `${phase}: killed process ${i} with ${payerMails().length} payer emails received (${reminderMails().length} reminders)`,
    );
    restarts.set(
      i,
      startServer(env).then((server) => {
        servers[i] = server;
      }),
    );
  };
  /**
   * Kills once (the process sweeps as it starts again), then `more` times, each once another
   * `step` emails of the phase have reached the SMTP server: every kill lands while sends run.
   */
  const killWhileSending = async (phase: string, sent: () => number, more: number, step: number) => {
    await killNext(phase);
    await until(() => sent() > 0, 60_000);
    for (let k = 0; k < more; k++) {
      const at = sent();
      // Should the sends stall (every process starting again), kill anyway after a while.
      await until(() => sent() >= at + step, 20_000).catch(() => undefined);
      await killNext(phase);
    }
    await Promise.all(restarts.values());
  };
  try {
    const client = await signUp((servers[0] as ServerProcess).base);
    // Collect emails payers only for a confirmed address; the test's mail server is the payers'.
    await db.query(`UPDATE "user" SET email_verified = true`);
    // The requester's today: a new account has no zone of its own yet, and is read in the default.
    const today = localDate(new Date(), DEFAULT_TIME_ZONE);
    for (let start = 0; start < SERIES; start += 25) {
      const made = await Promise.all(
        Array.from({ length: Math.min(25, SERIES - start) }, (_, k) =>
          client.call("POST", "/api/recurring-requests", {
            recipientName: "Sam Lee",
            recipientPhone: "2125550101",
            payerEmail: `payer-${start + k}@example.com`,
            amount: "450.00",
            description: "Rent",
            frequency: "monthly",
            // Not due for weeks yet: the occurrences are made below, all at once, under the kills.
            startDate: addDays(today, 20),
            sendDaysBefore: SEND_DAYS_BEFORE,
            reminderDays: REMINDER_DAYS,
          }),
        ),
      );
      for (const answer of made) {
        if (answer.status !== 201)
          throw new Error(`create answered ${answer.status}: ${await answer.text()}`);
      }
    }

    // Every series due in 3 days, its request to go out 5 days before that: two days late, so the
    // next sweep of any process makes all fifty at once. Their reminders fall on the due day and
    // after it, all still ahead: each occurrence writes three.
    const due = addDays(today, 3);
    const moved = await db.query("update recurring_series set start_date = $1, next_date = $1", [due]);
    expect(moved.rowCount).toBe(SERIES);
    await killWhileSending("occurrences", () => payerMails().length, KILLS_WHILE_MAKING - 1, 10);
    await until(
      async () =>
        (await count("select count(*)::int as n from payment_request where series_id is not null")) ===
          SERIES &&
        (await count("select count(*)::int as n from reminder where state = 'scheduled'")) === REMINDERS,
      60_000,
    );
    // Each occurrence's request went out ahead of its due date (two days late, so 3 days ahead),
    // and its reminders fall on the due date and 3 and 10 days after it, at 9:00 the requester's time.
    const { rows: schedule } = await db.query(
      `select p.due_date - (p.created_at at time zone $1)::date as ahead, r.offset_days,
              (r.due_at at time zone $1)::date - p.due_date as after, (r.due_at at time zone $1)::time::text as at,
              count(*)::int as n
       from reminder r join payment_request p on p.id = r.request_id
       group by 1, 2, 3, 4 order by 2`,
      [DEFAULT_TIME_ZONE],
    );
    expect(schedule).toEqual(
      REMINDER_DAYS.map((days) => ({ ahead: 3, offset_days: days, after: days, at: "09:00:00", n: SERIES })),
    );

    // Every reminder due a minute ago: the next sweep of any process finds all 150 at once.
    const reminded = await db.query(
      "update reminder set due_at = now() - interval '1 minute' where state = 'scheduled'",
    );
    expect(reminded.rowCount).toBe(REMINDERS);
    // About fifty emails: each payer's three reminders, all due at once, go out as one.
    await killWhileSending("reminders", () => reminderMails().length, KILLS_WHILE_REMINDING - 1, 8);

    // What each email must be, by the Message-ID its delivery key gives it.
    const expected = new Map<string, { key: string; to: string; offset: number | null }>();
    const host = new URL((servers[0] as ServerProcess).base).hostname;
    const { rows: occurrences } = await db.query(
      "select series_id, occurrence_date::text as date, payer_email from payment_request where series_id is not null",
    );
    for (const row of occurrences) {
      const key = `recurring:${row.series_id}:${row.date}`;
      expected.set(messageIdFor(key, host), { key, to: row.payer_email, offset: null });
    }
    expect(expected.size).toBe(SERIES);
    // A payer's reminders due at once go out as one email, under the first one's delivery key
    // (reminders-sweep.ts): which one leads depends on which process took them, so the emails
    // to expect are read from the deliveries once every reminder is decided.
    const reminderEmails = async () => {
      const { rows } = await db.query(
        `select d.key, p.payer_email, r.offset_days from delivery d
           join reminder r on d.key = 'reminder:' || r.request_id || ':' || r.offset_days
           join payment_request p on p.id = r.request_id`,
      );
      for (const row of rows) {
        expected.set(messageIdFor(row.key, host), {
          key: row.key,
          to: row.payer_email,
          offset: row.offset_days,
        });
      }
    };

    const progress = setInterval(async () => {
      const states = await db.query(
        "select 'reminder ' || state as s, count(*)::int as n from reminder group by state union all select 'delivery ' || state, count(*)::int from delivery group by state",
      );
      console.log(
        `progress: ${new Set(payerMails().map((m) => m.headers?.["message-id"])).size} emails; ${JSON.stringify(states.rows)}`,
      );
    }, 15_000);
    // Every email in and every delivery settled: a process killed between the SMTP server's
    // answer and its own record leaves its delivery pending until its attempt is taken over.
    const pending = () =>
      count(
        "select count(*)::int as n from delivery where (key like 'reminder:%' or key like 'recurring:%') and state <> 'sent'",
      );
    await until(
      async () =>
        (await count("select count(*)::int as n from reminder where state = 'scheduled'")) === 0 &&
        (await pending()) === 0,
      120_000,
    );
    await reminderEmails();
    await until(
      () => new Set(payerMails().map((m) => m.headers?.["message-id"])).size >= expected.size,
      60_000,
    ).finally(() => clearInterval(progress));
    // Quiet for a moment: nothing more may arrive.
    await sleep(3_000);

    const byId = new Map<string, ReceivedMail[]>();
    for (const m of payerMails()) {
      const id = m.headers?.["message-id"] ?? "";
      byId.set(id, [...(byId.get(id) ?? []), m]);
    }
    const resent = payerMails().length - byId.size;
    // Which process sent each copy: its own port is in the email's links. A copy sent again by a
    // process that was not killed would be a job run twice while its process lived.
    const portOf = (m: ReceivedMail) => m.text.match(/127\.0\.0\.1:(\d+)/)?.[1] ?? "";
    const resentByLive = [...byId.values()].filter((mails) =>
      mails.slice(0, -1).some((m) => !killedPorts.has(portOf(m))),
    ).length;
    const { rows: deliveries } = await db.query(
      "select split_part(key, ':', 1) as kind, state, count(*)::int as n from delivery where key like 'reminder:%' or key like 'recurring:%' group by 1, 2 order by 1, 2",
    );
    const { rows: reminderStates } = await db.query(
      "select state, count(*)::int as n from reminder group by state order by state",
    );
    console.log(
      `due-day reminders: ${byId.size} distinct emails, ${payerMails().length} messages, ${resent} resent with the same Message-ID (${resentByLive} after a copy from a process not killed); deliveries ${JSON.stringify(deliveries)}; reminders ${JSON.stringify(reminderStates)}`,
    );

    // None missing, none extra: exactly the expected Message-IDs arrived, each to its own payer.
    expect([...byId.keys()].filter((id) => !expected.has(id))).toEqual([]);
    expect([...expected.keys()].filter((id) => !byId.has(id)).map((id) => expected.get(id)?.key)).toEqual([]);
    const misaddressed = [...byId].filter(([id, mails]) =>
      mails.some((m) => m.to[0] !== expected.get(id)?.to),
    );
    expect(misaddressed.map(([id]) => expected.get(id)?.key)).toEqual([]);

    // A resend is the same email: the same subject and words under the same Message-ID. (Each
    // process here has its own port in PUBLIC_URL, so a resend by another one links there.)
    const words = (m: ReceivedMail) => `${m.subject}\n${m.text}`.replace(/127\.0\.0\.1:\d+/g, "PUBLIC_URL");
    const differing = [...byId].filter(([, mails]) => new Set(mails.map(words)).size !== 1);
    expect(differing.map(([id]) => expected.get(id)?.key)).toEqual([]);

    // Each payer got their occurrence, sent before its due day, then their three reminders (all
    // due at once here) in one email, or in two or three where different processes took them.
    const perPayer = new Map<string, (number | null)[]>();
    for (const id of byId.keys()) {
      const { to, offset } = expected.get(id) as { to: string; offset: number | null };
      perPayer.set(to, [...(perPayer.get(to) ?? []), offset]);
    }
    expect(perPayer.size).toBe(SERIES);
    for (const offsets of perPayer.values()) {
      const [occurrence, ...reminderOffsets] = offsets.sort((a, b) => (a ?? -1) - (b ?? -1));
      expect(occurrence).toBeNull();
      expect(reminderOffsets.length).toBeGreaterThanOrEqual(1);
      expect(reminderOffsets.every((offset) => REMINDER_DAYS.includes(offset as number))).toBe(true);
    }
    // The payer reads which is which: the occurrence names its period and that it repeats, a
    // reminder says it is one; both say the due date ("is due": moved forward by SQL, every
    // reminder goes before the day; one sent after it says "was due", reminders-mail.test.ts).
    for (const [id, [first]] of byId) {
      const { offset } = expected.get(id) as { offset: number | null };
      if (offset === null) {
        expect(first?.subject).toMatch(/^Resilient asks you for \$450\.00 \(\w+\)$/);
        expect(first?.text).toContain("It repeats every month.");
      } else {
        expect(first?.subject).toBe("Reminder: Resilient asks you for $450.00");
      }
      expect(first?.text).toContain(`It is due ${longDate(due, today)}.`);
    }

    const reminderDeliveries = expected.size - SERIES;
    expect(reminderDeliveries).toBeGreaterThanOrEqual(SERIES);
    expect(reminderDeliveries).toBeLessThanOrEqual(REMINDERS);
    expect(deliveries).toEqual([
      { kind: "recurring", state: "sent", n: SERIES },
      { kind: "reminder", state: "sent", n: reminderDeliveries },
    ]);
    expect(reminderStates).toEqual([{ state: "sent", n: REMINDERS }]);
  } finally {
    await db.end();
    await Promise.allSettled(restarts.values());
    for (const server of servers) server.child.kill("SIGKILL");
    await relay.close();
    await mail.close();
  }
}, 300_000);
