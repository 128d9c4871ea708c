import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, reminders } from "#server/db/schema.ts";
import { openClaimSql } from "#server/db/shared-queries.ts";
import type { Notification, Notify } from "#server/notifications/notify.ts";
import type { Webhooks } from "#server/webhooks/webhooks.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { reminderDecision } from "#shared/schedule/reminders.ts";
import { daysBetween, localDate } from "#shared/schedule/zoned.ts";
import { claimDelivery } from "../queue/effects";
import type { JobQueue } from "../queue/queue";
import { enqueuePayerMails } from "./reminders-send";

/**
 * The reminder sweep (docs/decisions/023-job-queue.md and 024-chasing.md): due `reminder` rows are taken in batches with
 * FOR UPDATE SKIP LOCKED, so processes sweeping at once take different rows, and each row's
 * outcome, its delivery claim (`reminder:<requestId>:<offset>`) and the job that sends it commit
 * together: a reminder happens exactly once in effect (docs/decisions/023-job-queue.md).
 */
export type SweepDeps = {
  db: Db;
  jobs: JobQueue;
  notify: Notify;
  /** `reminder.sent` to the requester's endpoints (webhooks/webhooks.ts). */
  webhooks: Pick<Webhooks, "emitRequest" | "usersWithEndpoints">;
  now: () => Date;
};

type DueRow = {
  id: string;
  request_id: string;
  user_id: string;
  offset_days: number;
  status: "pending" | "paid" | "cancelled";
  claimed: boolean;
  stopped: boolean;
  payer_email: string | null;
  recipient_name: string;
  recipient_phone: string;
  amount: string;
  currency: string;
  description: string | null;
  created_at: string | Date;
  time_zone: string | null;
};

export const SWEEP_BATCH = 200;

/** Takes every due reminder, a batch per transaction; returns how many were decided. */
export async function sweepReminders(deps: SweepDeps, batch = SWEEP_BATCH): Promise<number> {
  let decided = 0;
  for (;;) {
    const taken = await deps.db.transaction((tx) => sweepBatch(tx, deps, batch));
    decided += taken;
    if (taken < batch) return decided;
  }
}

async function sweepBatch(tx: Db, deps: SweepDeps, batch: number): Promise<number> {
  const now = deps.now();
  // A reminder whose request waits on a claim stays scheduled (paused) and is not taken: it is
  // sent once the requester declines the claim, and skipped once they confirm it.
  const result = await tx.execute(sql`
    ${DUE_COLUMNS}
    WHERE r.state = 'scheduled' AND r.due_at <= ${now.toISOString()}::timestamptz
      AND NOT (${openClaimSql(sql.identifier("p"))} AND p.reminders_stopped_at IS NULL)
    ORDER BY r.due_at
    LIMIT ${batch}
    FOR UPDATE OF r SKIP LOCKED`);
  const rows = (result as unknown as { rows: DueRow[] }).rows;
  const decided = rows.flatMap((row) => {
    const decision = row.stopped
      ? "stop"
      : reminderDecision({ status: row.status, claimPending: row.claimed });
    return decision === "pause" ? [] : [{ row, send: decision === "send" }];
  });
  const folded = await foldNextDay(
    tx,
    decided.filter(({ send, row }) => send && row.payer_email).map(({ row }) => row),
    rows.map((row) => row.id),
    now,
  );
  await markDecided(tx, [...decided, ...folded.map((row) => ({ row, send: true }))], now);
  const toSend = [...decided.filter(({ send }) => send).map(({ row }) => row), ...folded];
  // One email per person: a payer's reminders due together (or within the day) go out as one
  // message about all of them; its delivery row and job are the first one's. One statement each
  // for the batch's payer emails: their delivery rows, then their jobs.
  await enqueuePayerMails(
    tx,
    deps.jobs,
    samePerson(toSend.filter((row) => row.payer_email)).map(([first, ...rest]) => ({
      kind: "reminder" as const,
      key: keyOf(first),
      requestId: first.request_id,
      userId: first.user_id,
      offset: first.offset_days,
      ...(rest.length > 0
        ? { with: rest.map((row) => ({ requestId: row.request_id, offset: row.offset_days })) }
        : {}),
    })),
    now,
  );
  for (const row of toSend.filter((row) => !row.payer_email)) {
    if (await claimDelivery(tx, keyOf(row), "notify", now, row.user_id))
      await deps.notify(requesterReminder(row, now), { tx });
  }
  // One read for the batch: most requesters have no endpoint, and pay nothing more.
  const listening = await deps.webhooks.usersWithEndpoints(
    tx,
    toSend.map((row) => row.user_id),
  );
  for (const row of toSend.filter((row) => listening.has(row.user_id))) {
    await deps.webhooks.emitRequest(tx, {
      userId: row.user_id,
      type: "reminder.sent",
      key: `reminder.sent:${keyOf(row)}`,
      requestId: row.request_id,
      extra: { reminder: { offsetDays: row.offset_days, to: row.payer_email ? "payer" : "requester" } },
    });
  }
  return rows.length;
}

/** A due reminder with its request and requester: what the sweep decides on. */
const DUE_COLUMNS = sql`
    SELECT r.id, r.request_id, r.user_id, r.offset_days, p.status,
           ${openClaimSql(sql.identifier("p"))} AS claimed, (p.reminders_stopped_at IS NOT NULL) AS stopped,
           p.payer_email, p.recipient_name, p.recipient_phone, (p.amount - p.paid_amount)::text AS amount,
           p.currency, p.description, p.created_at, u.time_zone
    FROM ${reminders} r
    JOIN ${paymentRequests} p ON p.id = r.request_id
    JOIN "user" u ON u.id = r.user_id`;

/** The reminders to one payer's mailbox from one requester, in one currency: one email between them. */
const personOf = (row: DueRow) =>
  [row.user_id, row.recipient_phone, row.payer_email?.toLowerCase() ?? "", row.currency].join("\n");

/** The rows grouped by person, in the order each person first appears (the earliest due first). */
function samePerson(rows: DueRow[]): [DueRow, ...DueRow[]][] {
  const groups = new Map<string, [DueRow, ...DueRow[]]>();
  for (const row of rows) {
    const group = groups.get(personOf(row));
    if (group) group.push(row);
    else groups.set(personOf(row), [row]);
  }
  return [...groups.values()];
}

/** How far ahead a payer's other reminders join one being sent now, rather than follow it a day later. */
export const FOLD_AHEAD_MS = 24 * 3_600_000;

/**
 * The same payers' reminders of other requests that fall due within the next day (the first of
 * each such request), on requests still waiting
 * (not paid, not claimed, not stopped), taken now to go out in the same email: Sam, who owes three
 * rents, hears about them once, not on three mornings. Locked as the sweep locks (SKIP LOCKED: a
 * reminder another sweep holds stays with it).
 */
async function foldNextDay(tx: Db, sending: DueRow[], taken: string[], now: Date): Promise<DueRow[]> {
  if (sending.length === 0) return [];
  const people = [...new Map(sending.map((row) => [personOf(row), row])).values()].map((row) => ({
    user_id: row.user_id,
    phone: row.recipient_phone,
    email: row.payer_email?.toLowerCase(),
    currency: row.currency,
  }));
  const result = await tx.execute(sql`
    ${DUE_COLUMNS}
    JOIN json_to_recordset(${JSON.stringify(people)}::json)
      AS person(user_id text, phone text, email text, currency text)
      ON p.user_id = person.user_id AND p.recipient_phone = person.phone
     AND lower(p.payer_email) = person.email AND p.currency = person.currency
    WHERE r.state = 'scheduled'
      AND r.due_at <= ${new Date(now.getTime() + FOLD_AHEAD_MS).toISOString()}::timestamptz
      AND r.id NOT IN (SELECT taken::uuid FROM json_array_elements_text(${JSON.stringify(taken)}::json) AS taken)
      AND r.request_id NOT IN (SELECT sent::uuid FROM json_array_elements_text(${JSON.stringify(sending.map((row) => row.request_id))}::json) AS sent)
      AND p.status = 'pending' AND p.reminders_stopped_at IS NULL
      AND NOT ${openClaimSql(sql.identifier("p"))}
    ORDER BY r.due_at
    FOR UPDATE OF r SKIP LOCKED`);
  // Other requests only, and one reminder of each: a request's own next reminder (tomorrow's
  // "one day after") still goes out on its day.
  const seen = new Set<string>();
  return (result as unknown as { rows: DueRow[] }).rows.filter((row) => {
    if (seen.has(row.request_id)) return false;
    seen.add(row.request_id);
    return true;
  });
}

const keyOf = (row: DueRow) => `reminder:${row.request_id}:${row.offset_days}`;

/** Each decided reminder sent or skipped, with its channel, in one statement for the batch. */
async function markDecided(tx: Db, decided: { row: DueRow; send: boolean }[], now: Date): Promise<void> {
  if (decided.length === 0) return;
  const outcomes = decided.map(({ row, send }) => ({
    id: row.id,
    state: send ? "sent" : "skipped",
    channel: row.payer_email ? "payer-email" : "requester",
  }));
  await tx.execute(sql`
    UPDATE ${reminders} SET state = d.state::reminder_state, channel = d.channel,
           done_at = ${now.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(outcomes)}::json) AS d(id uuid, state text, channel text)
    WHERE ${reminders.id} = d.id AND ${reminders.state} = 'scheduled'`);
}

function requesterReminder(row: DueRow, now: Date): Notification {
  const zone = row.time_zone ?? "America/New_York";
  const days = daysBetween(localDate(new Date(row.created_at), zone), localDate(now, zone));
  const name = row.recipient_name.trim().split(/\s+/)[0] ?? row.recipient_name;
  return {
    userId: row.user_id,
    event: "reminder",
    key: keyOf(row),
    say: (i18n) => {
      const money = formatMoney(row.amount, row.currency, intlLocaleOf(i18n.locale));
      const what = row.description
        ? i18n._("{amount} for {description}", { amount: money, description: row.description })
        : money;
      const values = { name, what, days };
      return {
        title: i18n._("Time to remind {name}", { name }),
        body:
          days === 0
            ? i18n._("Time to remind {name} — {what}, sent today", values)
            : days === 1
              ? i18n._("Time to remind {name} — {what}, sent yesterday", values)
              : i18n._(
                  "Time to remind {name} — {what}, sent {days, plural, one {# day ago} other {# days ago}}",
                  values,
                ),
      };
    },
    url: `/?request=${row.request_id}&remind=1`,
  };
}
