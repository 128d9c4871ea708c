import { asc, inArray } from "drizzle-orm";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import type { PaymentMethod, RecordedPayment } from "#shared/schemas/payment.ts";
import type { Db } from "./client";
import { type paymentRequests, requestPayments } from "./schema";

type Row = typeof paymentRequests.$inferSelect;

/**
 * The part payments recorded on requests (`request_payment`), as the API, the receipts and the
 * payer's receipt read them. Who may read which request is the caller's check.
 */

const toRecorded = (row: typeof requestPayments.$inferSelect, currency: string): RecordedPayment => ({
  id: row.id,
  amount: minorToAmount(parseMinor(row.amount, currency) ?? 0, currency),
  method: (row.method as PaymentMethod | null) ?? null,
  paidOn: row.paidOn,
  createdAt: row.createdAt.toISOString(),
});

/** The part payments of these requests, oldest first, by request id. */
export async function paymentsOf(db: Db, requests: Row[]): Promise<Map<string, RecordedPayment[]>> {
  const found = new Map<string, RecordedPayment[]>();
  const paidIn = requests.filter((row) => Number(row.paidAmount) > 0);
  if (paidIn.length === 0) return found;
  const currencyOf = new Map(paidIn.map((row) => [row.id, row.currency]));
  const rows = await db
    .select()
    .from(requestPayments)
    .where(
      inArray(
        requestPayments.requestId,
        paidIn.map((row) => row.id),
      ),
    )
    .orderBy(asc(requestPayments.createdAt), asc(requestPayments.id));
  for (const row of rows) {
    const list = found.get(row.requestId) ?? [];
    list.push(toRecorded(row, currencyOf.get(row.requestId) ?? "USD"));
    found.set(row.requestId, list);
  }
  return found;
}
