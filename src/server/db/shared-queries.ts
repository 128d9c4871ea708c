import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { newShortCode } from "#server/lib/short-code.ts";
import { parseMinor } from "#shared/currency.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { paidSoFar } from "#shared/schemas/payment.ts";
import type { PaymentAccount } from "#shared/schemas/payment-account.ts";
import { NO_REMINDERS, type PaymentRequest, type ReminderSummary } from "#shared/schemas/payment-request.ts";
import type { Db } from "./client";
import { payees, paymentAccounts, paymentRequests, users } from "./schema";

/**
 * The only data access more than one feature needs. Each feature keeps the rest of its SQL in
 * its own queries.ts and never imports another feature's (docs/decisions/014).
 */

/** A transaction handed to a query that must run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The name a requester goes by on payment pages and in texts: the profile name, else the
 * sign-up name, else "Someone". Used by the pay page and by request and reminder texts.
 */
export const displayNameSql = sql<string>`coalesce(nullif(${users.profileName}, ''), nullif(${users.name}, ''), 'Someone')`;

/**
 * The language a requester chose for the person at this number (their contact's `language`), read
 * inside the insert that makes the request: a request, a split's share and a series' occurrence
 * each speak it from then on (docs/decisions/033-languages.md). Null: no contact, or none chosen.
 */
export function contactLanguageSql(
  userId: SQLWrapper | string,
  phone: SQLWrapper | string,
): SQL<string | null> {
  return sql<
    string | null
  >`(SELECT ${payees.language} FROM ${payees} WHERE ${payees.userId} = ${userId} AND ${payees.phone} = ${phone})`;
}

/**
 * Replaces the caller's whole set of payment accounts inside the given transaction: by
 * Payment methods, and by Setup together with the profile name (docs/product.md#setup).
 */
export async function replacePaymentAccounts(
  tx: Tx,
  userId: string,
  accounts: PaymentAccount[],
): Promise<void> {
  await tx.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  if (accounts.length > 0) {
    await tx.insert(paymentAccounts).values(accounts.map((a) => ({ ...a, userId })));
  }
}

/** A payment request as the API shows it to its owner: its own list, and each share of a split. */
export function shortUrlFor(publicUrl: string, code: string): string {
  return `${publicUrl}/pay/${code}`;
}

/**
 * The payer's "I've paid" still waits for the requester: said on a pending request, and no part
 * payment recorded (or undone) since, which would have changed what is left from what it was when
 * they said so. A claim from before amounts (no `claimedLeft`) waits until the request is settled.
 * Both forms: on a row here, and in SQL for the "Says paid" filter.
 */
export function openClaim(
  row: Pick<
    typeof paymentRequests.$inferSelect,
    "status" | "claimedPaidAt" | "claimedLeft" | "amount" | "paidAmount" | "currency"
  >,
): boolean {
  if (row.status !== "pending" || row.claimedPaidAt === null) return false;
  if (row.claimedLeft === null) return true;
  const left = (parseMinor(row.amount, row.currency) ?? 0) - (parseMinor(row.paidAmount, row.currency) ?? 0);
  return parseMinor(row.claimedLeft, row.currency) === left;
}
/** openClaim in SQL, on `payment_request` or the alias it has in a query (`p`). */
export const openClaimSql = (table: SQLWrapper = sql.identifier("payment_request")) =>
  sql`(${table}.status = 'pending' AND ${table}.claimed_paid_at IS NOT NULL
    AND (${table}.claimed_left IS NULL OR ${table}.claimed_left = ${table}.amount - ${table}.paid_amount))`;

export function toPaymentRequest(
  row: typeof paymentRequests.$inferSelect,
  publicUrl: string,
  /** What its automatic reminders did (reminders/reminders-schedule.ts reminderSummaries). */
  reminders: ReminderSummary = NO_REMINDERS,
): PaymentRequest {
  const paidAmount = paidSoFar(row.paidAmount, row.currency);
  // A claim a part payment has answered is no longer news; a settled request keeps its claim.
  const claim = row.status !== "pending" || openClaim(row);
  const claimedAmount = claim && row.claimedAmount ? paidSoFar(row.claimedAmount, row.currency) : undefined;
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    description: row.description,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    createdAt: row.createdAt.toISOString(),
    shortUrl: shortUrlFor(publicUrl, row.code),
    viewedAt: row.viewedAt?.toISOString() ?? null,
    lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
    claimedPaidAt: (claim && row.claimedPaidAt?.toISOString()) || null,
    claimedVia: claim ? ((row.claimedVia as PaymentRequest["claimedVia"]) ?? null) : null,
    claimNote: claim ? row.claimNote : null,
    ...(claimedAmount ? { claimedAmount } : {}),
    splitId: row.splitId,
    dueDate: row.dueDate,
    payerEmail: row.payerEmail,
    reminderDays: row.reminderDays,
    reminders,
    // The payer's language where their contact names one (else the requester's own).
    ...(row.language ? { language: row.language as Locale } : {}),
    // Only once a part payment is recorded: a request without one answers as it always did.
    ...(paidAmount ? { paidAmount } : {}),
  };
}

/** What a recurring series' occurrence asks for (recurring/recurring.ts). */
export type NewOccurrenceRequest = {
  userId: string;
  seriesId: string;
  occurrenceDate: string;
  recipientName: string;
  recipientPhone: string;
  amount: string;
  currency: string;
  description: string | null;
  payerEmail: string | null;
  /** A rent-grade series' occurrence is due on its date; others have none. */
  dueDate: string | null;
  /** The series' own reminder days; null: the requester's default. */
  reminderDays: number[] | null;
  createdAt: Date;
};

/**
 * Inserts one occurrence of a series as an ordinary pending request with its own code, inside the
 * caller's transaction. Null when that occurrence already has its request (the unique index on
 * (series_id, occurrence_date) decides between processes). `ON CONFLICT DO NOTHING` keeps the
 * transaction usable on a conflict, so a (rare) code collision is drawn again here.
 */
export async function insertOccurrenceRequest(
  tx: Tx,
  input: NewOccurrenceRequest,
): Promise<typeof paymentRequests.$inferSelect | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(paymentRequests)
      .values({
        ...input,
        code: newShortCode(),
        updatedAt: input.createdAt,
        language: contactLanguageSql(input.userId, input.recipientPhone),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [made] = await tx
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.seriesId, input.seriesId),
          eq(paymentRequests.occurrenceDate, input.occurrenceDate),
        ),
      );
    if (made) return null;
  }
  throw new Error("insertOccurrenceRequest: no free short code after 5 draws");
}

/** Whether the user has confirmed their email address (photo uploads and payer mail ask it first). */
export async function emailConfirmed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified ?? false;
}

/**
 * Whether Collect may email payers in this user's name: only once their own address is
 * confirmed, where mail is configured (a throwaway account cannot make Collect mail anyone).
 */
export async function mayEmailPayers(db: Db, userId: string, mailConfigured: boolean): Promise<boolean> {
  return !mailConfigured || (await emailConfirmed(db, userId));
}

/** The account's language (Profile → Language), or null: none chosen, or no such account. */
export async function languageOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}
