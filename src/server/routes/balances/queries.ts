import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payees, paymentRequests } from "#server/db/schema.ts";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import type { BalanceCursorKey } from "#shared/schemas/balance.ts";

type Row = typeof paymentRequests.$inferSelect;

/** Must read as in the partial index payment_request_user_phone_open_idx (a constant, no parameter). */
const isPending = sql`${paymentRequests.status} = 'pending'`;
const createdAtText = sql<string>`to_char(${paymentRequests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the caller's open requests to `phone`, oldest first, after `cursor`: a keyset read of
 * the partial index on (user_id, recipient_phone, created_at, id) WHERE pending, so a person with a
 * thousand open items costs the same as one with three (docs/decisions/015-keyset-pagination.md).
 */
export async function openRequestsTo(
  db: Db,
  userId: string,
  phone: string,
  page: { limit: number; cursor?: BalanceCursorKey | undefined },
): Promise<{ rows: Row[]; next: BalanceCursorKey | null }> {
  const { cursor } = page;
  const found = await db
    .select({ ...getTableColumns(paymentRequests), at: createdAtText })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.recipientPhone, phone),
        isPending,
        cursor
          ? sql`(${paymentRequests.createdAt}, ${paymentRequests.id}) > (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(paymentRequests.createdAt), asc(paymentRequests.id))
    .limit(page.limit + 1);
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ at: _at, ...row }) => row),
    next: found.length > page.limit && last ? { t: last.at, i: last.id } : null,
  };
}

/**
 * What is left of everything open with `phone`, per currency, in one aggregate over the same
 * partial index; the name to show (their contact's, else their latest open request's).
 */
export async function balanceOf(
  db: Db,
  userId: string,
  phone: string,
): Promise<{ name: string | null; totals: { currency: string; owed: string; count: number }[] }> {
  const [sums, [contact], [latest]] = await Promise.all([
    db
      .select({
        currency: paymentRequests.currency,
        owed: sql<string>`sum(${paymentRequests.amount} - ${paymentRequests.paidAmount})::text`,
        count: sql<number>`count(*)::int`,
        first: sql<string>`min(${paymentRequests.createdAt})`,
      })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.recipientPhone, phone), isPending))
      .groupBy(paymentRequests.currency)
      .orderBy(sql`min(${paymentRequests.createdAt})`),
    db
      .select({ name: payees.name })
      .from(payees)
      .where(and(eq(payees.userId, userId), eq(payees.phone, phone))),
    db
      .select({ name: paymentRequests.recipientName })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.recipientPhone, phone), isPending))
      .orderBy(sql`${paymentRequests.createdAt} DESC`)
      .limit(1),
  ]);
  return {
    name: contact?.name ?? latest?.name ?? null,
    totals: sums.map(({ currency, owed, count }) => ({
      currency,
      owed: minorToAmount(parseMinor(owed, currency) ?? 0, currency),
      count,
    })),
  };
}
