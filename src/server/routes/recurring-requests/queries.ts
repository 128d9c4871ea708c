import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, recurringSeries, users } from "#server/db/schema.ts";
import { openClaimSql } from "#server/db/shared-queries.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { checkAmount } from "#shared/money.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { amountLeft, paidSoFar } from "#shared/schemas/payment.ts";
import {
  DEFAULT_TIME_ZONE,
  nextFutureOccurrence,
  type Period,
  RECENT_PERIODS,
  type RecurringSeries,
  seriesStatus,
} from "#shared/schemas/recurring.ts";

export type SeriesRow = typeof recurringSeries.$inferSelect;

/** Series a user may have that have not ended (a list, not a table: docs/product.md#recurring). */
export const MAX_OPEN_SERIES = 100;

export async function timeZoneOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

export function toSeries(row: SeriesRow, now: Date, timeZone: string): RecurringSeries {
  const status = seriesStatus(row);
  const nextDate =
    status === "paused" && row.nextDate
      ? nextFutureOccurrence(row, row.nextDate, now, timeZone)
      : row.nextDate;
  return {
    id: row.id,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    payerEmail: row.payerEmail,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.count,
    sendDaysBefore: row.sendDaysBefore,
    reminderDays: row.reminderDays,
    madeCount: row.madeCount,
    nextDate: status === "ended" ? null : nextDate,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewSeries = {
  recipientName: string;
  recipientPhone: string;
  payerEmail: string | null;
  amount: string;
  /** ISO 4217: every occurrence's. */
  currency: string;
  description: string | null;
  frequency: SeriesRow["frequency"];
  startDate: string;
  endDate?: string | null;
  count?: number | null;
  sendDaysBefore?: number | null;
  reminderDays?: number[] | null;
};

export async function createSeries(
  db: Db,
  userId: string,
  input: NewSeries,
  now: Date,
): Promise<SeriesRow | "too-many"> {
  return db.transaction(async (tx) => {
    // One at a time per user, so two tabs cannot both slip under the cap.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`recurring:${userId}`}))`);
    const [open] = await tx
      .select({ n: count() })
      .from(recurringSeries)
      .where(and(eq(recurringSeries.userId, userId), isNull(recurringSeries.endedAt), openSql));
    if ((open?.n ?? 0) >= MAX_OPEN_SERIES) return "too-many";
    const [row] = await tx
      .insert(recurringSeries)
      .values({
        ...input,
        endDate: input.endDate ?? null,
        count: input.count ?? null,
        sendDaysBefore: input.sendDaysBefore ?? null,
        reminderDays: input.reminderDays ?? null,
        userId,
        nextDate: input.startDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  });
}

const openSql: SQL = sql`${recurringSeries.nextDate} IS NOT NULL`;

/** Newest first; a user has at most MAX_OPEN_SERIES open ones, and ended ones after them (capped). */
export async function listSeries(db: Db, userId: string): Promise<SeriesRow[]> {
  return db
    .select()
    .from(recurringSeries)
    .where(eq(recurringSeries.userId, userId))
    .orderBy(sql`(${recurringSeries.endedAt} IS NULL AND ${openSql}) DESC`, desc(recurringSeries.createdAt))
    .limit(MAX_OPEN_SERIES * 2);
}

/**
 * The latest RECENT_PERIODS requests of each of these series (all the caller's), newest first:
 * one statement, reading the unique index on (series_id, occurrence_date).
 */
export async function recentPeriods(
  db: Db,
  userId: string,
  seriesIds: string[],
): Promise<Map<string, Period[]>> {
  const found = new Map<string, Period[]>();
  if (seriesIds.length === 0) return found;
  const result = await db.execute(sql`
    SELECT series_id, id, occurrence_date::text AS occurrence_date, status, ${openClaimSql(sql.identifier("latest"))} AS claimed,
           due_date::text AS due_date, amount::text AS amount, paid_amount::text AS paid_amount, currency
    FROM (
      SELECT p.*, row_number() OVER (PARTITION BY p.series_id ORDER BY p.occurrence_date DESC) AS n
      FROM ${paymentRequests} p
      WHERE p.user_id = ${userId} AND p.series_id IN (${sql.join(
        seriesIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ) latest
    WHERE n <= ${RECENT_PERIODS}
    ORDER BY series_id, occurrence_date DESC`);
  type PeriodRow = {
    series_id: string;
    id: string;
    occurrence_date: string;
    status: Period["status"];
    claimed: boolean;
    due_date: string | null;
    amount: string;
    paid_amount: string;
    currency: string;
  };
  for (const row of (result as unknown as { rows: PeriodRow[] }).rows) {
    const list = found.get(row.series_id) ?? [];
    list.push({
      requestId: row.id,
      occurrenceDate: row.occurrence_date,
      status: row.status,
      claimed: row.status === "pending" && row.claimed,
      dueDate: row.due_date,
      left: amountLeft(row.amount, paidSoFar(row.paid_amount, row.currency), row.currency),
    });
    found.set(row.series_id, list);
  }
  return found;
}

export async function ownedSeries(db: Db, userId: string, id: string): Promise<SeriesRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(recurringSeries)
    .where(and(eq(recurringSeries.id, id), eq(recurringSeries.userId, userId)));
  return row;
}

export type SeriesChange = {
  paused?: boolean;
  recipientName?: string;
  recipientPhone?: string;
  payerEmail?: string | null;
  amount?: string;
  description?: string | null;
  sendDaysBefore?: number | null;
  reminderDays?: number[] | null;
};

export type UpdateResult =
  | { ok: true; row: SeriesRow }
  | { ok: false; reason: "not-found" | "ended" }
  | { ok: false; reason: "amount"; message: string };

/**
 * Pause, resume, or change what future occurrences ask for, in one conditional UPDATE on an open
 * series. Resuming moves the next date to the first occurrence still ahead (timeZone's 9:00).
 */
export async function updateSeries(
  db: Db,
  userId: string,
  id: string,
  change: SeriesChange,
  now: Date,
  timeZone: string,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    if (!isUuid(id)) return { ok: false, reason: "not-found" };
    const [row] = await tx
      .select()
      .from(recurringSeries)
      .where(and(eq(recurringSeries.id, id), eq(recurringSeries.userId, userId)))
      .for("update");
    if (!row) return { ok: false, reason: "not-found" };
    if (seriesStatus(row) === "ended") return { ok: false, reason: "ended" };
    const set: Partial<typeof recurringSeries.$inferInsert> = { updatedAt: now };
    if (change.amount !== undefined) {
      // In the series' own currency: "1500" yen, "12.50" euros, the spec's rules for dollars.
      const checked = checkAmount(change.amount, row.currency);
      if (!checked.ok) return { ok: false, reason: "amount", message: checked.message };
      set.amount = checked.amount;
    }
    if (change.description !== undefined) set.description = change.description;
    if (change.recipientName !== undefined) set.recipientName = change.recipientName;
    if (change.recipientPhone !== undefined) set.recipientPhone = change.recipientPhone;
    if (change.payerEmail !== undefined) set.payerEmail = change.payerEmail;
    if (change.sendDaysBefore !== undefined) set.sendDaysBefore = change.sendDaysBefore;
    if (change.reminderDays !== undefined) set.reminderDays = change.reminderDays;
    if (change.paused === true && !row.pausedAt) set.pausedAt = now;
    if (change.paused === false && row.pausedAt) {
      set.pausedAt = null;
      set.nextDate = row.nextDate ? nextFutureOccurrence(row, row.nextDate, now, timeZone) : null;
    }
    const [updated] = await tx
      .update(recurringSeries)
      .set(set)
      .where(eq(recurringSeries.id, row.id))
      .returning();
    if (!updated) return { ok: false, reason: "not-found" };
    return { ok: true, row: updated };
  });
}

/** Ends the series (requests it made stay as they are). Ending an ended series changes nothing. */
export async function endSeries(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<SeriesRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [ended] = await db
    .update(recurringSeries)
    .set({
      endedAt: sql`coalesce(${recurringSeries.endedAt}, ${now.toISOString()}::timestamptz)`,
      nextDate: null,
      updatedAt: now,
    })
    .where(and(eq(recurringSeries.id, id), eq(recurringSeries.userId, userId)))
    .returning();
  return ended;
}

/** The requester's today, in their zone. */
export function todayIn(timeZone: string, now: Date): string {
  return localDate(now, timeZone);
}
