import { and, eq, type SQL, sql } from "drizzle-orm";
import { lockOpenItems } from "#server/db/balances.ts";
import type { Db } from "#server/db/client.ts";
import { paymentsOf } from "#server/db/request-payments.ts";
import { paymentRequests, requestPayments } from "#server/db/schema.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import {
  allocateOldestFirst,
  amountLeft,
  checkPartPayment,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type RecordedPayment,
} from "#shared/schemas/payment.ts";
import {
  markNotPaidIn,
  markPaidIn,
  type ReceiptOptions,
  type StatusUpdateResult,
  type UnpaidOptions,
} from "./queries";

/**
 * Part payments (docs/features.md, "Part payments"). Each is a row of `request_payment`; its
 * request's `paid_amount` is their sum, written in the same transaction with the request's row
 * locked, so two payments recorded at once never both take the last of what is left. A payment
 * that leaves nothing marks the request paid (with its receipt, as Mark Paid does); undoing that
 * payment makes it owed again (with a correction if the receipt went).
 */

type Row = typeof paymentRequests.$inferSelect;

export type PaymentResult =
  | { ok: true; row: Row; payments: RecordedPayment[]; recorded?: string | undefined }
  | Extract<StatusUpdateResult, { ok: false }>
  | { ok: false; reason: "invalid"; message: string; field: "amount" | "paidOn" };

/** One of the caller's requests, locked for the rest of the transaction; another user's is not found. */
async function lockedRequest(tx: Db, userId: string, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId)))
    .for("update");
  return row;
}

/**
 * Records a part payment on a pending request: at most what is left (checkPartPayment), on a
 * day no later than `today` (the requester's). What it leaves is what the request asks for now.
 */
export async function recordPayment(
  db: Db,
  userId: string,
  id: string,
  input: { amount: string; method: PaymentMethod | null; paidOn?: string | undefined },
  chase: ReceiptOptions & { today: string },
): Promise<PaymentResult> {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, userId, id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status !== "pending") return { ok: false, reason: "conflict", status: row.status };
    const paidOn = input.paidOn ?? chase.today;
    if (paidOn > chase.today)
      return { ok: false, reason: "invalid", field: "paidOn", message: PAYMENT_MESSAGES.paidOn };
    const left = amountLeft(row.amount, row.paidAmount, row.currency);
    const checked = checkPartPayment(input.amount, left, row.currency);
    if (!checked.ok) return { ok: false, reason: "invalid", field: "amount", message: checked.message };
    const [payment] = await tx
      .insert(requestPayments)
      .values({
        requestId: row.id,
        userId,
        amount: checked.amount,
        method: input.method,
        paidOn,
        createdAt: chase.now,
      })
      .returning({ id: requestPayments.id });
    const paidAmount = sql`${paymentRequests.paidAmount} + ${checked.amount}::numeric`;
    const nothingLeft = parseMinor(checked.amount, row.currency) === parseMinor(left, row.currency);
    const result: StatusUpdateResult = nothingLeft
      ? await markPaidIn(tx, userId, id, chase, { paidAmount })
      : await updatePaid(tx, row.id, paidAmount);
    if (!result.ok) return result;
    const payments = (await paymentsOf(tx, [result.row])).get(id) ?? [];
    await chase.webhooks.emitRequest(tx, {
      userId,
      type: "request.payment_recorded",
      key: `request.payment_recorded:${payment?.id}`,
      requestId: id,
      extra: { payment: payments.find((p) => p.id === payment?.id) },
    });
    return { ok: true, row: result.row, payments, recorded: payment?.id };
  });
}

/**
 * Undoes one part payment (the toast's Undo, or the payment's own "Undo"): what is left grows by
 * it. A request those payments had paid in full is owed again; one marked paid by hand stays paid.
 */
export async function undoPayment(
  db: Db,
  userId: string,
  id: string,
  paymentId: string,
  chase: UnpaidOptions,
): Promise<PaymentResult> {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, userId, id);
    if (!row || !isUuid(paymentId)) return { ok: false, reason: "not-found" };
    const [removed] = await tx
      .delete(requestPayments)
      .where(and(eq(requestPayments.id, paymentId), eq(requestPayments.requestId, row.id)))
      .returning({ amount: requestPayments.amount });
    if (!removed) return { ok: false, reason: "not-found" };
    const paidAmount = sql`${paymentRequests.paidAmount} - ${removed.amount}::numeric`;
    const paidInParts =
      row.status === "paid" &&
      parseMinor(row.paidAmount, row.currency) === parseMinor(row.amount, row.currency);
    const result: StatusUpdateResult = paidInParts
      ? await markNotPaidIn(tx, userId, id, chase, row.paidAt, { paidAmount })
      : await updatePaid(tx, row.id, paidAmount);
    if (!result.ok) return result;
    // Its payload is the request as the undo left it (a settled one is owed again: request.unpaid too).
    await chase.webhooks.emitRequest(tx, {
      userId,
      type: "request.payment_undone",
      key: `request.payment_undone:${paymentId}`,
      requestId: id,
      extra: { payment: { id: paymentId, amount: removed.amount } },
    });
    return { ok: true, row: result.row, payments: (await paymentsOf(tx, [result.row])).get(id) ?? [] };
  });
}

async function updatePaid(tx: Db, id: string, paidAmount: SQL): Promise<StatusUpdateResult> {
  const [row] = await tx
    .update(paymentRequests)
    .set({ paidAmount })
    .where(eq(paymentRequests.id, id))
    .returning();
  return row ? { ok: true, row } : { ok: false, reason: "not-found" };
}

export type BalancePaymentResult =
  | { ok: true; payments: { requestId: string; paymentId: string; amount: string }[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string; field: "amount" | "paidOn" };

/**
 * A payment from one person toward everything open with them in a currency (their balance):
 * spread oldest first (allocateOldestFirst), each request taking its part as a part payment of
 * its own (recordPayment: a request it settles is marked paid, with its receipt), all in one
 * transaction with the requests locked. At most what is left of them all.
 */
export async function recordBalancePayment(
  db: Db,
  userId: string,
  person: { phone: string; currency: string },
  input: { amount: string; method: PaymentMethod | null; paidOn?: string | undefined },
  chase: ReceiptOptions & { today: string },
): Promise<BalancePaymentResult> {
  return db.transaction(async (tx) => {
    const { currency } = person;
    const { items, total } = await lockOpenItems(tx, userId, person.phone, currency);
    if (items.length === 0) return { ok: false, reason: "not-found" };
    const checked = checkPartPayment(input.amount, total, currency);
    if (!checked.ok) return { ok: false, reason: "invalid", field: "amount", message: checked.message };
    if ((input.paidOn ?? chase.today) > chase.today)
      return { ok: false, reason: "invalid", field: "paidOn", message: PAYMENT_MESSAGES.paidOn };
    const parts = allocateOldestFirst(
      parseMinor(checked.amount, currency) ?? 0,
      items.map((item) => item.left),
    );
    const payments: { requestId: string; paymentId: string; amount: string }[] = [];
    for (const [i, row] of items.entries()) {
      const part = parts[i] ?? 0;
      if (part === 0) break;
      const amount = minorToAmount(part, currency);
      const result = await recordPayment(tx, userId, row.id, { ...input, amount }, chase);
      if (!result.ok || !result.recorded)
        throw new Error(`part of a balance payment not recorded on ${row.id}`);
      payments.push({ requestId: row.id, paymentId: result.recorded, amount });
    }
    return { ok: true, payments };
  });
}
