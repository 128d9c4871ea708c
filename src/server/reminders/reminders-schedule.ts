import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, Db } from "#server/db/client.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { deliveries, type paymentRequests, reminders, users, webhookEndpoints } from "#server/db/schema.ts";
import { openClaim } from "#server/db/shared-queries.ts";
import { createUserCache, listenForUserChanges, type UserCache } from "#server/db/user-change.ts";
import { recipientHash } from "#server/mail/recipient.ts";
import { suppressedAmong } from "#server/mail/suppression.ts";
import { DEFAULT_COUNTRY, homeCurrencyOf } from "#shared/region.ts";
import { dueDateProblem } from "#shared/schedule/due-date.ts";
import { reminderSchedule } from "#shared/schedule/reminders.ts";
import { canonicalTimeZone, localDate } from "#shared/schedule/zoned.ts";
import { NO_REMINDERS, type ReminderSummary } from "#shared/schemas/payment-request.ts";
import { requestEmailKey } from "../queue/effects";

/**
 * Writing a request's automatic reminders (docs/decisions/024-chasing.md) and reading what they did, for the
 * routes that make or change requests (payment-requests, splits) and their cards.
 */

/** A requester without a stored zone is read in the product's home zone. */
export const FALLBACK_TIME_ZONE = "America/New_York";

/**
 * What a request needs of its requester: their zone, reminder days, their country (how their
 * numbers are read) and the currency new requests are in.
 */
export type Requester = {
  timeZone: string;
  reminderDays: number[] | null;
  country: string;
  currency: string;
  /** The account's language (shared/i18n/locales.ts), or null: what it sends payers speaks theirs, else this. */
  language: string | null;
  /** Whether a webhook endpoint of the account is on: its requests' events are then recorded (webhooks/webhooks.ts). */
  hasWebhooks: boolean;
};

const requesterQuery = preparedPerDatabase((db) =>
  db
    .select({
      timeZone: users.timeZone,
      reminderDays: users.reminderDays,
      country: users.country,
      currency: users.currency,
      language: users.language,
      hasWebhooks: sql<boolean>`EXISTS (SELECT 1 FROM ${webhookEndpoints} w WHERE w.user_id = "user".id AND w.disabled_at IS NULL)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("collect_requester"),
);

/**
 * The routes' way to `requesterOf`: kept per user in this process until the user changes
 * (db/user-change.ts); the route that sets them (notifications' settings) forgets them here at
 * once. It was one of a create's two queries, and a third of its throughput (`npm run bench`).
 */
export async function registerRequesters(
  app: FastifyInstance,
  database: Database,
): Promise<UserCache<Requester>> {
  const cache = createUserCache((userId) => requesterOf(database.db, userId));
  await listenForUserChanges(app, database, cache.listener, { ownWrites: false });
  return cache;
}

export async function requesterOf(db: Db, userId: string): Promise<Requester> {
  const [row] = await requesterQuery(db).execute({ userId });
  const zone = row?.timeZone;
  const country = row?.country ?? DEFAULT_COUNTRY;
  return {
    timeZone: (zone && canonicalTimeZone(zone)) || FALLBACK_TIME_ZONE,
    reminderDays: row?.reminderDays ?? null,
    country,
    currency: row?.currency ?? homeCurrencyOf(country),
    language: row?.language ?? null,
    hasWebhooks: row?.hasWebhooks === true,
  };
}

/** Why `dueDate` is refused for this requester now (today … a year ahead in their zone), or null. */
export function dueDateProblemFor(dueDate: string | null, requester: Requester, now: Date): string | null {
  return dueDate ? dueDateProblem(dueDate, localDate(now, requester.timeZone)) : null;
}

type RequestRow = Pick<
  typeof paymentRequests.$inferSelect,
  "id" | "userId" | "createdAt" | "dueDate" | "reminderDays"
>;

/**
 * The reminder rows of a request's current schedule (the request's days, else the requester's
 * default, else the rule). Reminders at or before `now` are left out: a day-0 reminder of a
 * request made after 9:00 would only repeat what was just sent.
 */
export function plannedReminders(request: RequestRow, requester: Requester, now: Date) {
  return reminderSchedule({
    sentAt: request.createdAt,
    dueDate: request.dueDate,
    days: request.reminderDays ?? requester.reminderDays,
    timeZone: requester.timeZone,
  })
    .filter((reminder) => reminder.at.getTime() > now.getTime())
    .map((reminder) => ({
      requestId: request.id,
      userId: request.userId,
      offsetDays: reminder.offset,
      dueAt: reminder.at,
    }));
}

/**
 * Replaces a request's scheduled reminders with those of its current schedule, in the caller's
 * transaction. Rows already sent or skipped stay, and keep their offset.
 */
export async function writeReminders(tx: Db, request: RequestRow, requester: Requester, now: Date) {
  await tx
    .delete(reminders)
    .where(and(eq(reminders.requestId, request.id), eq(reminders.state, "scheduled")));
  const planned = plannedReminders(request, requester, now);
  if (planned.length > 0) await tx.insert(reminders).values(planned).onConflictDoNothing();
}

/** A reminder as written, as the summary reads it. */
type WrittenReminder = { state: string; dueAt: Date; channel: string | null; doneAt: Date | null };

/**
 * The summary of a request made just now, from the reminders written with it: nothing can have
 * been sent or have failed yet, so the create answers without reading them back (two queries).
 */
export function newRequestSummary(
  row: SummaryRow,
  planned: ReturnType<typeof plannedReminders>,
  now: Date,
  emailBlocked = false,
): ReminderSummary {
  const written = planned.map((reminder) => ({
    state: "scheduled",
    dueAt: reminder.dueAt,
    channel: null,
    doneAt: null,
  }));
  return summarize(row, written, { requestMailFailed: false, emailBlocked }, now);
}

type SummaryRow = Pick<
  typeof paymentRequests.$inferSelect,
  | "id"
  | "userId"
  | "status"
  | "claimedPaidAt"
  | "claimedLeft"
  | "amount"
  | "paidAmount"
  | "currency"
  | "lastRemindedAt"
  | "remindersStoppedAt"
  | "remindersStoppedBy"
  | "payerEmail"
  | "seriesId"
  | "occurrenceDate"
>;

/** Each request's reminder summary (shared/schemas/payment-request.ts ReminderSummarySchema), in one query per kind. */
export async function reminderSummaries(
  db: Db,
  rows: readonly SummaryRow[],
  now: Date,
): Promise<Map<string, ReminderSummary>> {
  const summaries = new Map<string, ReminderSummary>();
  if (rows.length === 0) return summaries;
  const ids = rows.map((row) => row.id);
  const found = await db
    .select({
      requestId: reminders.requestId,
      state: reminders.state,
      dueAt: reminders.dueAt,
      channel: reminders.channel,
      doneAt: reminders.doneAt,
    })
    .from(reminders)
    .where(inArray(reminders.requestId, ids));
  // The email that carried each request to its payer (a one-off's, or a recurring occurrence's).
  const mailKeys = new Map(rows.map((row) => [requestEmailKey(row), row.id]));
  const failedMail = await db
    .select({ key: deliveries.key })
    .from(deliveries)
    .where(and(inArray(deliveries.key, [...mailKeys.keys()]), eq(deliveries.state, "failed")));
  const failedRequestMail = new Set(failedMail.map((row) => mailKeys.get(row.key)));
  const blocked = await blockedPayers(db, rows);
  for (const row of rows) {
    const mine = found.filter((r) => r.requestId === row.id);
    const facts = { requestMailFailed: failedRequestMail.has(row.id), emailBlocked: blocked.has(row.id) };
    summaries.set(row.id, summarize(row, mine, facts, now));
  }
  return summaries;
}

/** The requests whose payer's mailbox wants no more mail from their requester (mail/suppression.ts): one query per requester. */
async function blockedPayers(db: Db, rows: readonly SummaryRow[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  const byRequester = Map.groupBy(
    rows.filter((row) => row.payerEmail),
    (row) => row.userId,
  );
  for (const [userId, mine] of byRequester) {
    const hashes = await suppressedAmong(
      db,
      mine.map((row) => row.payerEmail as string),
      userId,
    );
    for (const row of mine) if (hashes.has(recipientHash(row.payerEmail as string))) blocked.add(row.id);
  }
  return blocked;
}

function summarize(
  row: SummaryRow,
  mine: WrittenReminder[],
  { requestMailFailed, emailBlocked }: { requestMailFailed: boolean; emailBlocked: boolean },
  now: Date,
): ReminderSummary {
  const scheduled = mine.filter((r) => r.state === "scheduled").sort((a, b) => +a.dueAt - +b.dueAt);
  const sent = mine
    .filter((r) => r.state === "sent" || r.state === "failed")
    .sort((a, b) => +(a.doneAt ?? 0) - +(b.doneAt ?? 0));
  const last = sent.at(-1);
  const summary: ReminderSummary = {
    ...NO_REMINDERS,
    nextAt: scheduled[0]?.dueAt.toISOString() ?? null,
    lastSentAt: last?.doneAt?.toISOString() ?? null,
    lastChannel: (last?.channel as ReminderSummary["lastChannel"]) ?? null,
  };
  // The payer asked for no more mail: nothing was lost, nothing more goes, and the card says who stopped it.
  if (emailBlocked) {
    const stopped = row.status === "pending" ? ({ state: "stopped", nextAt: null } as const) : {};
    return { ...summary, ...stopped, stoppedBy: "payer", emailBlocked: true };
  }
  // A cancelled request asks nothing of the payer: an email that did not go out is no news.
  if (row.status !== "cancelled" && (requestMailFailed || last?.state === "failed")) {
    return { ...summary, state: "failed", failedEmail: row.payerEmail };
  }
  if (row.status !== "pending") return summary;
  if (row.remindersStoppedAt) {
    return { ...summary, state: "stopped", nextAt: null, stoppedBy: row.remindersStoppedBy ?? "requester" };
  }
  const claimWaits = openClaim(row);
  if (claimWaits && scheduled[0] && scheduled[0].dueAt <= now) return { ...summary, state: "paused" };
  // A reminder told the requester to text, and they have not tapped Remind since.
  const toldAt = last?.channel === "requester" ? last.doneAt : null;
  if (toldAt && !claimWaits && (!row.lastRemindedAt || row.lastRemindedAt < toldAt)) {
    return { ...summary, state: "due" };
  }
  return { ...summary, state: scheduled.length > 0 ? "scheduled" : "none" };
}
