import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { newShortCode } from "#server/lib/short-code.ts";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import type { BalanceCursorKey } from "#shared/schemas/balance.ts";
import { BALANCE_CODE_LENGTH } from "#shared/schemas/payment-request.ts";
import type { Db } from "./client";
import { balanceLinks, payees, paymentRequests, users } from "./schema";
import { contactLanguageSql, displayNameSql } from "./shared-queries";

type Row = typeof paymentRequests.$inferSelect;

/**
 * One person's balance, read by their page (routes/balances) and by its "Request all" link's pay
 * page (routes/pay): what is open with them, oldest first, and what is left of it per currency.
 */

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
  page: { limit: number; cursor?: BalanceCursorKey | undefined; currency?: string },
): Promise<{ rows: Row[]; next: BalanceCursorKey | null }> {
  const { cursor, currency } = page;
  const found = await db
    .select({ ...getTableColumns(paymentRequests), at: createdAtText })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.recipientPhone, phone),
        isPending,
        currency ? eq(paymentRequests.currency, currency) : undefined,
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

/**
 * The "Request all" link for this person and currency: the same one each time (a text sent
 * yesterday keeps working), made on first ask. Two asks at once make one.
 */
export async function balanceLinkCode(
  db: Db,
  userId: string,
  phone: string,
  currency: string,
): Promise<string> {
  const mine = and(
    eq(balanceLinks.userId, userId),
    eq(balanceLinks.recipientPhone, phone),
    eq(balanceLinks.currency, currency),
  );
  const [found] = await db.select({ code: balanceLinks.code }).from(balanceLinks).where(mine);
  if (found) return found.code;
  const [made] = await db
    .insert(balanceLinks)
    .values({ userId, recipientPhone: phone, currency, code: newShortCode(BALANCE_CODE_LENGTH) })
    .onConflictDoNothing()
    .returning({ code: balanceLinks.code });
  if (made) return made.code;
  const [raced] = await db.select({ code: balanceLinks.code }).from(balanceLinks).where(mine);
  if (!raced) throw new Error("balance link neither made nor found");
  return raced.code;
}

/** The name a requester goes by in texts, and the language to speak to this person. */
export async function balanceSpeaker(
  db: Db,
  userId: string,
  phone: string,
): Promise<{ requesterName: string; language: string | null }> {
  const [row] = await db
    .select({
      requesterName: displayNameSql,
      language: sql<string | null>`coalesce(${contactLanguageSql(userId, phone)}, ${users.language})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { requesterName: "Someone", language: null };
}

/** How many of the oldest open items a "Request all" page lists (the total counts them all). */
export const BALANCE_ITEMS_SHOWN = 20;

/**
 * A "Request all" link as its pay page reads it: whose it is, for whom, in which currency, what
 * is left of it all and the oldest items. Null for a code no link has.
 */
export async function balanceLinkView(db: Db, code: string) {
  const [link] = await db.select().from(balanceLinks).where(eq(balanceLinks.code, code));
  if (!link) return null;
  const { userId, recipientPhone: phone, currency } = link;
  const [balance, page] = await Promise.all([
    balanceOf(db, userId, phone),
    openRequestsTo(db, userId, phone, { limit: BALANCE_ITEMS_SHOWN, currency }),
  ]);
  const total = balance.totals.find((t) => t.currency === currency) ?? { owed: "0", count: 0, currency };
  return { link, total, items: page.rows, name: balance.name };
}

/** One open item of a balance as a payment or a claim spreads over it. */
export type OpenItem = { id: string; recipientName: string; left: number };

/**
 * Everything open with this person in one currency, oldest first, with what is left of each in
 * minor units and of all of it as an amount: what a balance payment (routes/payment-requests) and
 * a "Request all" claim (routes/pay) spread over with allocateOldestFirst. Locked for the caller's
 * transaction, so a part payment recorded at the same time is counted before or after, never half.
 */
export async function lockOpenItems(
  tx: Db,
  userId: string,
  phone: string,
  currency: string,
): Promise<{ items: OpenItem[]; total: string }> {
  const rows = await tx
    .select({
      id: paymentRequests.id,
      recipientName: paymentRequests.recipientName,
      amount: paymentRequests.amount,
      paid: paymentRequests.paidAmount,
    })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.recipientPhone, phone),
        eq(paymentRequests.currency, currency),
        isPending,
      ),
    )
    .orderBy(asc(paymentRequests.createdAt), asc(paymentRequests.id))
    .for("update");
  const items = rows.map(({ id, recipientName, amount, paid }) => ({
    id,
    recipientName,
    left: (parseMinor(amount, currency) ?? 0) - (parseMinor(paid, currency) ?? 0),
  }));
  return {
    items,
    total: minorToAmount(
      items.reduce((sum, item) => sum + item.left, 0),
      currency,
    ),
  };
}

/** How many requests a statement lists, newest kept (its totals count them all). */
export const STATEMENT_ROWS = 200;

/** What a person's statement reads: every request to them not cancelled, and the sums per currency. */
export async function statementOf(db: Db, userId: string, phone: string) {
  const mine = and(
    eq(paymentRequests.userId, userId),
    eq(paymentRequests.recipientPhone, phone),
    sql`${paymentRequests.status} <> 'cancelled'`,
  );
  // A paid request is paid in full, whatever part payments came before its Mark Paid.
  const paid = sql<string>`(CASE WHEN ${paymentRequests.status} = 'paid' THEN ${paymentRequests.amount} ELSE ${paymentRequests.paidAmount} END)`;
  const [newest, totals, balance] = await Promise.all([
    db
      .select({
        createdAt: paymentRequests.createdAt,
        recipientName: paymentRequests.recipientName,
        description: paymentRequests.description,
        amount: paymentRequests.amount,
        paid: sql<string>`${paid}::text`,
        currency: paymentRequests.currency,
        status: paymentRequests.status,
      })
      .from(paymentRequests)
      .where(mine)
      .orderBy(sql`${paymentRequests.createdAt} DESC`, sql`${paymentRequests.id} DESC`)
      .limit(STATEMENT_ROWS),
    db
      .select({
        currency: paymentRequests.currency,
        asked: sql<string>`sum(${paymentRequests.amount})::text`,
        paid: sql<string>`sum(${paid})::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(paymentRequests)
      .where(mine)
      .groupBy(paymentRequests.currency)
      .orderBy(sql`min(${paymentRequests.createdAt})`),
    balanceOf(db, userId, phone),
  ]);
  return {
    // Their contact's name, else the name on the newest request to them.
    name: balance.name ?? newest[0]?.recipientName ?? null,
    rows: newest.reverse(),
    totals: totals.map((total) => ({
      currency: total.currency,
      count: total.count,
      asked: minorToAmount(parseMinor(total.asked, total.currency) ?? 0, total.currency),
      paid: minorToAmount(parseMinor(total.paid, total.currency) ?? 0, total.currency),
    })),
  };
}
