import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, reminders } from "#server/db/schema.ts";
import type { Notify } from "#server/notifications/notify.ts";
import { formatMoney } from "#shared/money.ts";
import { reminderDecision } from "#shared/schedule/reminders.ts";
import { daysBetween, localDate } from "#shared/schedule/zoned.ts";
import { claimDelivery } from "./effects";
import type { JobQueue } from "./queue";
import { enqueuePayerMail } from "./reminders-send";

/**
 * The reminder sweep (issue 22 items 3 and 6): due `reminder` rows are taken in batches with
 * FOR UPDATE SKIP LOCKED, so processes sweeping at once take different rows, and each row's
 * outcome, its delivery claim (`reminder:<requestId>:<offset>`) and the job that sends it commit
 * together: a reminder happens exactly once in effect (docs/decisions/023-job-queue.md).
 */
export type SweepDeps = { db: Db; jobs: JobQueue; notify: Notify; now: () => Date };

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
  amount: string;
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
    SELECT r.id, r.request_id, r.user_id, r.offset_days, p.status,
           (p.claimed_paid_at IS NOT NULL) AS claimed, (p.reminders_stopped_at IS NOT NULL) AS stopped,
           p.payer_email, p.recipient_name, p.amount::text AS amount, p.description, p.created_at,
           u.time_zone
    FROM ${reminders} r
    JOIN ${paymentRequests} p ON p.id = r.request_id
    JOIN "user" u ON u.id = r.user_id
    WHERE r.state = 'scheduled' AND r.due_at <= ${now.toISOString()}::timestamptz
      AND NOT (p.status = 'pending' AND p.claimed_paid_at IS NOT NULL AND p.reminders_stopped_at IS NULL)
    ORDER BY r.due_at
    LIMIT ${batch}
    FOR UPDATE OF r SKIP LOCKED`);
  const rows = (result as unknown as { rows: DueRow[] }).rows;
  for (const row of rows) await decide(tx, deps, row, now);
  return rows.length;
}

async function decide(tx: Db, deps: SweepDeps, row: DueRow, now: Date): Promise<void> {
  const decision = row.stopped ? "stop" : reminderDecision({ status: row.status, claimPending: row.claimed });
  if (decision === "pause") return;
  const channel = row.payer_email ? "payer-email" : "requester";
  await tx
    .update(reminders)
    .set({ state: decision === "send" ? "sent" : "skipped", channel, doneAt: now })
    .where(and(eq(reminders.id, row.id), eq(reminders.state, "scheduled")));
  if (decision !== "send") return;
  const key = `reminder:${row.request_id}:${row.offset_days}`;
  if (row.payer_email) {
    await enqueuePayerMail(tx, deps.jobs, {
      kind: "reminder",
      key,
      requestId: row.request_id,
      userId: row.user_id,
      offset: row.offset_days,
      now,
    });
    return;
  }
  if (!(await claimDelivery(tx, key, "notify", now, row.user_id))) return;
  await deps.notify(requesterReminder(row, now), { tx });
}

function requesterReminder(row: DueRow, now: Date) {
  const zone = row.time_zone ?? "America/New_York";
  const days = daysBetween(localDate(new Date(row.created_at), zone), localDate(now, zone));
  const ago = days === 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`;
  const name = row.recipient_name.trim().split(/\s+/)[0] ?? row.recipient_name;
  const money = formatMoney(row.amount);
  const what = row.description ? `${money} for ${row.description}` : money;
  return {
    userId: row.user_id,
    event: "reminder" as const,
    key: `reminder:${row.request_id}:${row.offset_days}`,
    title: `Time to remind ${name}`,
    body: `Time to remind ${name} — ${what}, sent ${ago}`,
    url: `/?request=${row.request_id}&remind=1`,
  };
}
