import { randomUUID } from "node:crypto";
import { and, desc, eq, getTableColumns, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { paymentRequests, reminders, users } from "#server/db/schema.ts";
import { contactLanguageSql, displayNameSql, openClaimSql } from "#server/db/shared-queries.ts";
import { isUniqueViolation } from "#server/lib/db-errors.ts";
import { newShortCode } from "#server/lib/short-code.ts";
import { foldedContains, phoneContains } from "#server/lib/text-search.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findDelivery, requestEmailKey } from "#server/queue/effects.ts";
import type { JobQueue } from "#server/queue/queue.ts";
import {
  newRequestSummary,
  plannedReminders,
  type Requester,
  writeReminders,
} from "#server/reminders/reminders-schedule.ts";
import { enqueuePayerMail, stopReminders } from "#server/reminders/reminders-send.ts";
import type { Webhooks } from "#server/webhooks/webhooks.ts";
import { HOME_CURRENCY, minorToAmount, parseMinor } from "#shared/currency.ts";
import { MAX_REMINDERS } from "#shared/schedule/reminders.ts";
import type {
  PaymentRequestListQuery,
  PaymentRequestSummary,
  ReminderSummary,
  RequestCursorKey,
  RequestFilter,
} from "#shared/schemas/payment-request.ts";

type Row = typeof paymentRequests.$inferSelect;

export type NewPaymentRequest = {
  recipientName: string;
  recipientPhone: string;
  amount: string;
  currency: string;
  description: string | null;
  dueDate: string | null;
  payerEmail: string | null;
  reminderDays: number[] | null;
};

/** The requester's display name, read inside the statement that needs it. */
const requesterNameSql = sql<string>`(
  SELECT ${displayNameSql} FROM ${users} WHERE ${users.id} = ${paymentRequests.userId}
)`;

/** What a new request's reminders and payer email need besides its row (reminders/reminders-schedule.ts). */
export type ChaseOptions = {
  requester: Requester;
  now: Date;
  jobs: JobQueue;
  /** "Email from Collect": the request goes to the payer's email too. */
  emailPayer: boolean;
  /** The payer's mailbox asked for no more mail from this requester (mail/suppression.ts): the card says so. */
  emailBlocked?: boolean;
  /** The requester's webhooks, when an endpoint of theirs is on (Requester.hasWebhooks): `request.created` is recorded with the row. */
  webhooks?: Webhooks;
};

/**
 * The create's one statement for `count` reminders: the reminders' rows in a CTE (their foreign
 * key is checked at the end of the statement, after the request's row), then the request, with
 * the requester's name for the SMS text. Everything is a placeholder, so it is built once.
 */
function buildInsert(q: Db, count: number) {
  const p = sql.placeholder;
  const rows = Array.from({ length: count }, (_, i) => ({
    requestId: p("id"),
    userId: p("userId"),
    offsetDays: p(`offset${i}`),
    dueAt: p(`due${i}`),
  }));
  const withReminders =
    count > 0
      ? q.with(q.$with("written").as(q.insert(reminders).values(rows).returning({ id: reminders.id })))
      : q;
  return withReminders
    .insert(paymentRequests)
    .values({
      id: p("id"),
      userId: p("userId"),
      code: p("code"),
      recipientName: p("recipientName"),
      recipientPhone: p("recipientPhone"),
      amount: p("amount"),
      currency: p("currency"),
      description: p("description"),
      dueDate: p("dueDate"),
      payerEmail: p("payerEmail"),
      language: contactLanguageSql(p("userId"), p("recipientPhone")),
      // As an array literal: Drizzle's array column cannot encode a null placeholder.
      reminderDays: sql`${p("reminderDaysLiteral")}::integer[]`,
      createdAt: p("createdAt"),
    })
    .returning({ ...getTableColumns(paymentRequests), requesterName: requesterNameSql });
}

/**
 * One prepared statement per number of reminders (0 to 4), per database: Drizzle building the
 * insert on every call was most of a create's CPU (`npm run bench`, db/prepared.ts).
 */
const insertStatement = Array.from({ length: MAX_REMINDERS + 1 }, (_, count) =>
  preparedPerDatabase((db) => buildInsert(db, count).prepare(`collect_create_request_${count}`)),
);

/**
 * Inserts with a fresh short code, drawing again on the (astronomically rare) collision, with its
 * reminders in the same statement (a CTE: one round trip, atomic without a transaction), and for
 * "Email from Collect" decides the email to the payer (`request-email:<id>`) in a transaction
 * with it. The requester's name for the SMS text comes back with the row. (A transaction of
 * BEGIN, the inserts, a read-back of the reminders and COMMIT cut create throughput to a sixth.)
 */
export async function createPaymentRequest(
  db: Db,
  userId: string,
  input: NewPaymentRequest,
  chase: ChaseOptions,
): Promise<{ row: Row; requesterName: string; reminders: ReminderSummary }> {
  const insert = async (q: Db, prepared: boolean) => {
    const id = randomUUID();
    const planned = plannedReminders(
      {
        id,
        userId,
        createdAt: chase.now,
        dueDate: input.dueDate ?? null,
        reminderDays: input.reminderDays ?? null,
      },
      chase.requester,
      chase.now,
    );
    const values = {
      ...input,
      id,
      userId,
      code: newShortCode(),
      createdAt: chase.now,
      reminderDaysLiteral: input.reminderDays ? `{${input.reminderDays.join(",")}}` : null,
      ...Object.fromEntries(
        planned.flatMap((r, i) => [
          [`offset${i}`, r.offsetDays],
          [`due${i}`, r.dueAt],
        ]),
      ),
    };
    const statement = insertStatement[planned.length];
    const [created] =
      prepared && statement
        ? await statement(q).execute(values)
        : await buildInsert(q, planned.length).execute(values);
    if (!created) throw new Error("insert returned no row");
    const { requesterName, ...row } = created;
    return { row, requesterName, reminders: newRequestSummary(row, planned, chase.now, chase.emailBlocked) };
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const emailPayer = chase.emailPayer && Boolean(input.payerEmail);
      if (!emailPayer && !chase.webhooks) return await insert(db, true);
      return await db.transaction(async (tx) => {
        const made = await insert(tx, false);
        if (emailPayer) {
          await enqueuePayerMail(tx, chase.jobs, {
            kind: "request",
            key: requestEmailKey(made.row),
            requestId: made.row.id,
            userId,
            now: chase.now,
          });
        }
        await chase.webhooks?.emitRequest(tx, {
          userId,
          type: "request.created",
          key: `request.created:${made.row.id}`,
          requestId: made.row.id,
        });
        return made;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export type ChaseUpdateResult = StatusUpdateResult;

/**
 * A pending request's due date or reminder days, and its reminders written anew, in one
 * transaction (the row is locked by the UPDATE, so two changes at once apply one after the other).
 */
export async function updateChase(
  db: Db,
  userId: string,
  id: string,
  changes: { dueDate?: string | null; reminderDays?: number[] | null },
  requester: Requester,
  now: Date,
): Promise<ChaseUpdateResult> {
  return db.transaction(async (tx) => {
    const result = await updateIfStatus(tx, userId, id, changes);
    if (result.ok) await writeReminders(tx, result.row, requester, now);
    return result;
  });
}

/** The requester stops a pending request's reminders (or the payer does, through the signed link). */
export async function stopRequestReminders(
  db: Db,
  id: string,
  now: Date,
  who: { by: "payer" } | { by: "requester"; userId: string },
): Promise<Row | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.id, id),
          who.by === "requester" ? eq(paymentRequests.userId, who.userId) : undefined,
        ),
      )
      .for("update");
    if (!row) return null;
    await stopReminders(tx, id, now, who.by);
    const [after] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    return after ?? row;
  });
}

/** The delivery key of the receipt for one marking paid (each Mark paid is its own payment). */
export const receiptKey = (id: string, paidAt: Date) => `receipt:${id}:${paidAt.getTime()}`;

/**
 * Marks paid and, with a payer email, decides the receipt (`receipt:<id>:<paidAt>`) in the same transaction. The receipt waits out the Undo window
 * (MAIL_RECEIPT_DELAY_SECONDS) and goes only if this same payment still stands then
 * (reminders/reminders-send.ts): an Undo leaves no false receipt. Its reminders stop at once: the
 * sweep skips a request that is not pending, and so does a reminder already on its way.
 */
export async function markPaidWithReceipt(
  db: Db,
  userId: string,
  id: string,
  chase: ReceiptOptions,
): Promise<StatusUpdateResult> {
  return db.transaction((tx) => markPaidIn(tx, userId, id, chase));
}

/** Pending → cancelled, with `request.cancelled` for the requester's endpoints in the same transaction. */
export async function cancelRequest(
  db: Db,
  userId: string,
  id: string,
  webhooks: Webhooks,
): Promise<StatusUpdateResult> {
  return db.transaction(async (tx) => {
    const result = await updateIfStatus(tx, userId, id, { status: "cancelled" }, "pending");
    if (result.ok) {
      await webhooks.emitRequest(tx, {
        userId,
        type: "request.cancelled",
        key: `request.cancelled:${id}`,
        requestId: id,
      });
    }
    return result;
  });
}

/** What making a paid request owed again needs: the queue (a receipt's correction) and the webhooks. */
export type UnpaidOptions = Pick<ReceiptOptions, "jobs" | "now" | "webhooks">;

/** A part payment's change to `paid_amount`, an expression on the locked row (payments.ts). */
type PaidChange = { paidAmount?: SQL };

export type ReceiptOptions = {
  jobs: JobQueue;
  now: Date;
  receiptDelayMs: number;
  /** `request.paid` goes to the requester's endpoints, recorded with the change. */
  webhooks: Webhooks;
};

/** markPaidWithReceipt inside the caller's transaction (a part payment that leaves nothing does the same). */
export async function markPaidIn(
  tx: Db,
  userId: string,
  id: string,
  chase: ReceiptOptions,
  changes: PaidChange = {},
): Promise<StatusUpdateResult> {
  const result = await updateIfStatus(tx, userId, id, { ...changes, status: "paid", paidAt: chase.now });
  if (!result.ok) return result;
  await chase.webhooks.emitRequest(tx, {
    userId,
    type: "request.paid",
    key: `request.paid:${id}:${chase.now.getTime()}`,
    requestId: id,
  });
  if (result.row.payerEmail) {
    await enqueuePayerMail(tx, chase.jobs, {
      kind: "receipt",
      key: receiptKey(id, chase.now),
      requestId: id,
      userId,
      paidAt: chase.now.toISOString(),
      now: chase.now,
      startAfter: new Date(chase.now.getTime() + chase.receiptDelayMs),
    });
  }
  return result;
}

/**
 * Paid → pending (the toast's Undo, or "Mark as not paid"); its reminders go on. If the
 * payer was already sent a receipt for that payment, a short correction follows
 * (`receipt-correction:<id>:<paidAt>`); a receipt still waiting is not sent (it checks the payment).
 */
export async function markNotPaid(
  db: Db,
  userId: string,
  id: string,
  chase: UnpaidOptions,
): Promise<StatusUpdateResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        paidAt: paymentRequests.paidAt,
        paidInParts: sql<boolean>`${paymentRequests.paidAmount} > 0 AND ${paymentRequests.paidAmount} >= ${paymentRequests.amount}`,
      })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId)))
      .for("update");
    // Paid in parts to the last cent: undoing one of those payments is what makes it owed again.
    if (before?.paidInParts) return { ok: false, reason: "paid-in-parts" };
    return markNotPaidIn(tx, userId, id, chase, before?.paidAt ?? null);
  });
}

/**
 * Paid → pending inside the caller's transaction, the row already locked, with any `changes`
 * (an undone part payment lowers `paid_amount`); `paidAt` is when it was marked paid.
 */
export async function markNotPaidIn(
  tx: Db,
  userId: string,
  id: string,
  chase: UnpaidOptions,
  paidAt: Date | null,
  changes: PaidChange = {},
): Promise<StatusUpdateResult> {
  const result = await updateIfStatus(
    tx,
    userId,
    id,
    { ...changes, status: "pending", paidAt: null },
    "paid",
  );
  if (!result.ok) return result;
  await chase.webhooks.emitRequest(tx, {
    userId,
    type: "request.unpaid",
    key: `request.unpaid:${id}:${chase.now.getTime()}`,
    requestId: id,
  });
  if (result.row.payerEmail && paidAt) {
    const receipt = await findDelivery(tx, receiptKey(id, paidAt));
    if (receipt?.state === "sent") {
      await enqueuePayerMail(tx, chase.jobs, {
        kind: "correction",
        key: `receipt-correction:${id}:${paidAt.getTime()}`,
        requestId: id,
        userId,
        paidAt: paidAt.toISOString(),
        now: chase.now,
      });
    }
  }
  return result;
}

/** A row's sort key to the microsecond, for its page cursor (a Date keeps milliseconds only). */
const createdAtText = sql<string>`to_char(${paymentRequests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Must read exactly as in the index payment_request_user_pending_created_idx (a constant, no parameter). */
const isPending = sql<boolean>`(${paymentRequests.status} = 'pending')`;

/**
 * Archive's search: the name or description, accents and case ignored, or the phone when the
 * search is a number ("555-0144" finds 2125550144).
 */
export function searchWhere(q: string): SQL | undefined {
  return or(
    foldedContains(paymentRequests.recipientName, q),
    foldedContains(paymentRequests.description, q),
    phoneContains(paymentRequests.recipientPhone, q),
  );
}

function filterWhere(userId: string, filter: Partial<RequestFilter>) {
  return and(
    eq(paymentRequests.userId, userId),
    filter.status === "claimed"
      ? openClaimSql()
      : filter.status
        ? eq(paymentRequests.status, filter.status)
        : undefined,
    filter.q ? searchWhere(filter.q) : undefined,
  );
}

export type RequestPage = { rows: Row[]; next: RequestCursorKey | null };

/**
 * One page of the caller's requests after `cursor`, by keyset on (created_at, id) so every page
 * costs the same at any history size (docs/decisions/015-keyset-pagination.md). Pending first
 * (docs/product.md#home) reads the expression index whose first sort column is "is pending".
 */
export async function listPaymentRequests(
  db: Db,
  userId: string,
  query: Partial<RequestFilter> & Pick<PaymentRequestListQuery, "order" | "limit" | "cursor">,
): Promise<RequestPage> {
  const pendingFirst = query.order === "pending-first" && !query.status;
  const { cursor } = query;
  const after = !cursor
    ? undefined
    : pendingFirst
      ? sql`(${isPending}, ${paymentRequests.createdAt}, ${paymentRequests.id}) < (${cursor.p}::boolean, ${cursor.t}::timestamptz, ${cursor.i}::uuid)`
      : sql`(${paymentRequests.createdAt}, ${paymentRequests.id}) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`;
  const found = await db
    .select({ ...getTableColumns(paymentRequests), at: createdAtText, pending: isPending })
    .from(paymentRequests)
    .where(and(filterWhere(userId, query), after))
    .orderBy(
      ...(pendingFirst ? [desc(isPending)] : []),
      desc(paymentRequests.createdAt),
      desc(paymentRequests.id),
    )
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ at: _at, pending: _pending, ...row }) => row),
    next: found.length > query.limit && last ? { p: last.pending, t: last.at, i: last.id } : null,
  };
}

/** Every matching request in `batch`-sized pages, newest first, for streaming (the CSV export). */
export async function* allPaymentRequests(db: Db, userId: string, batch = 1000): AsyncGenerator<Row[]> {
  let cursor: RequestCursorKey | undefined;
  do {
    const page = await listPaymentRequests(db, userId, { order: "newest", limit: batch, cursor });
    if (page.rows.length > 0) yield page.rows;
    cursor = page.next ?? undefined;
  } while (cursor);
}

/** Archive's totals and counts over every request matching the filter, computed in SQL. */
export async function summarizePaymentRequests(
  db: Db,
  userId: string,
  filter: RequestFilter,
): Promise<PaymentRequestSummary> {
  const countOf = (status: Row["status"]) =>
    sql<number>`(count(*) FILTER (WHERE ${paymentRequests.status} = ${status}))::int`;
  // One row per currency: amounts in different currencies are never added.
  const rows = await db
    .select({
      currency: paymentRequests.currency,
      count: sql<number>`count(*)::int`,
      pending: countOf("pending"),
      paid: countOf("paid"),
      cancelled: countOf("cancelled"),
      // What came in: a paid request's amount, and the part payments of any other.
      collected: sql<string>`coalesce(sum(CASE WHEN ${paymentRequests.status} = 'paid' THEN ${paymentRequests.amount} ELSE ${paymentRequests.paidAmount} END), 0)::text`,
      // What is still owed: what is left of each pending request.
      outstanding: sql<string>`coalesce(sum(${paymentRequests.amount} - ${paymentRequests.paidAmount}) FILTER (WHERE ${paymentRequests.status} = 'pending'), 0)::text`,
    })
    .from(paymentRequests)
    .where(filterWhere(userId, filter))
    .groupBy(paymentRequests.currency)
    .orderBy(sql`count(*) desc`, paymentRequests.currency);
  const exact = (amount: string, currency: string) =>
    minorToAmount(parseMinor(amount, currency) ?? 0, currency);
  const totals = rows.map(({ currency, collected, outstanding }) => ({
    currency,
    collected: exact(collected, currency),
    outstanding: exact(outstanding, currency),
  }));
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const home = totals.find((total) => total.currency === HOME_CURRENCY);
  return {
    count: sum((row) => row.count),
    counts: {
      pending: sum((row) => row.pending),
      paid: sum((row) => row.paid),
      cancelled: sum((row) => row.cancelled),
    },
    collected: home?.collected ?? "0.00",
    outstanding: home?.outstanding ?? "0.00",
    totals,
  };
}

export type StatusUpdateResult =
  | { ok: true; row: Row }
  | { ok: false; reason: "not-found" | "conflict" | "paid-in-parts"; status?: Row["status"] };

/**
 * Changes one of the caller's requests only while it is in status `from` (pending, unless
 * said), in a single conditional UPDATE, so two concurrent calls cannot both succeed. Another
 * user's id is "not-found", exactly like a missing one.
 */
export async function updateIfStatus(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<Row, "status" | "paidAt" | "lastRemindedAt" | "dueDate" | "reminderDays">> &
    PaidChange,
  from: Row["status"] = "pending",
): Promise<StatusUpdateResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const owned = and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId));
  const [row] = await db
    .update(paymentRequests)
    .set(changes)
    .where(and(owned, eq(paymentRequests.status, from)))
    .returning();
  if (row) return { ok: true, row };
  const [existing] = await db.select({ status: paymentRequests.status }).from(paymentRequests).where(owned);
  return existing
    ? { ok: false, reason: "conflict", status: existing.status }
    : { ok: false, reason: "not-found" };
}

/** The display name of the requester of one request, for a reminder's SMS text. */
export async function requesterNameOf(db: Db, requestId: string): Promise<string> {
  const [row] = await db
    .select({ name: requesterNameSql })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId));
  return row?.name ?? "Someone";
}

/** One of the caller's requests with its requester's name; another user's id finds nothing. */
export async function ownedRequest(
  db: Db,
  userId: string,
  id: string,
): Promise<{ row: Row; requesterName: string } | null> {
  if (!isUuid(id)) return null;
  const [found] = await db
    .select({ ...getTableColumns(paymentRequests), requesterName: requesterNameSql })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId)));
  if (!found) return null;
  const { requesterName, ...row } = found;
  return { row, requesterName };
}
