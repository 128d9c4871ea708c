import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { paymentAccounts, paymentRequests, users, withdrawnCodes } from "#server/db/schema.ts";
import { displayNameSql } from "#server/db/shared-queries.ts";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { type Locale, localeOr, SOURCE_LOCALE } from "#shared/i18n/locales.ts";
import { firstNameOf } from "#shared/pay-page/claim-panel.tsx";
import { type Provider, payPageOrder } from "#shared/providers.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import type { ClaimVia } from "#shared/schemas/claim.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";
import { amountLeft, checkPartPayment, paidSoFar } from "#shared/schemas/payment.ts";
import type { CancelledPaymentView, PublicPaymentView } from "#shared/schemas/payment-request.ts";

/**
 * The public view of a request by its short code, in one query (request, requester and their
 * accounts). Only the fields of the public view leave this function (docs/product.md#pay-page-data).
 * Of a cancelled request only the requester's first name leaves it: the page says who
 * cancelled it and that nothing is owed.
 */
export async function findPublicView(
  db: Db,
  code: string,
): Promise<{ view: PublicPaymentView | CancelledPaymentView; userId: string; language: Locale } | null> {
  const [row] = await publicViewQuery(db).execute({ code });
  if (!row) return withdrawnView(db, code);
  // The payer's language (their contact's, else the requester's): the link's preview speaks it.
  const language = localeOr(row.requestLanguage, row.requesterLanguage);
  if (row.status === "cancelled")
    return { view: { cancelledBy: firstNameOf(row.name) }, userId: row.userId, language };
  const accounts = typeof row.accounts === "string" ? JSON.parse(row.accounts) : row.accounts;
  // Once part of it is paid, the page and its buttons ask for what is left (and say what was paid).
  const paid = row.status === "pending" ? paidSoFar(row.paidAmount, row.currency) : undefined;
  const view: PublicPaymentView = {
    requester: { name: row.name, photo: row.photo },
    request: {
      amount: paid ? amountLeft(row.amount, paid, row.currency) : row.amount,
      ...(row.currency !== HOME_CURRENCY ? { currency: row.currency } : {}),
      description: row.description,
      status: row.status,
      // Only when set: the public view stays as small as it was for a request without one.
      ...(row.dueDate ? { dueDate: row.dueDate } : {}),
      ...(paid ? { partPaid: { paid, total: row.amount } } : {}),
      // The day it was marked paid, in the requester's calendar: "Maria was paid on Nov 28".
      ...(row.status === "paid" && row.paidAt
        ? { paidOn: localDate(row.paidAt, row.timeZone ?? DEFAULT_TIME_ZONE) }
        : {}),
    },
    // The requester's chosen order, else Venmo first (shared/providers.ts payPageOrder).
    paymentAccounts: payPageOrder(
      accounts as PublicPaymentView["paymentAccounts"],
      row.methodOrder as Provider[] | null,
    ),
  };
  // The owner's id is for the cache's invalidation only; it never leaves the server, nor the language.
  return { view, userId: row.userId, language };
}

/**
 * A code whose requester deleted their account: the page says the request was withdrawn and
 * nothing is owed (no one's name: nothing of the account is kept). Null for a code never made.
 */
async function withdrawnView(db: Db, code: string) {
  const [gone] = await db
    .select({ code: withdrawnCodes.code })
    .from(withdrawnCodes)
    .where(eq(withdrawnCodes.code, code));
  if (!gone) return null;
  // Nobody's cached views change it: its cache owner is the code itself. Its preview speaks
  // English: the account's language went with the account.
  return { view: { cancelledBy: null }, userId: `withdrawn:${code}`, language: SOURCE_LOCALE };
}

/** Run as a named prepared statement: the page's hot path. */
const publicViewQuery = preparedPerDatabase((db) =>
  db
    .select({
      userId: paymentRequests.userId,
      amount: paymentRequests.amount,
      paidAmount: paymentRequests.paidAmount,
      paidAt: paymentRequests.paidAt,
      timeZone: users.timeZone,
      currency: paymentRequests.currency,
      description: paymentRequests.description,
      status: paymentRequests.status,
      dueDate: paymentRequests.dueDate,
      requestLanguage: paymentRequests.language,
      requesterLanguage: users.language,
      name: displayNameSql,
      photo: users.photo,
      methodOrder: users.methodOrder,
      // A bank transfer's holder and BIC only where set: the spec's five answer as they always did.
      accounts: sql<PublicPaymentView["paymentAccounts"]>`(
        SELECT coalesce(json_agg(json_strip_nulls(json_build_object('provider', ${paymentAccounts.provider}, 'accountHandle', ${paymentAccounts.accountHandle}, 'holderName', ${paymentAccounts.holderName}, 'bic', ${paymentAccounts.bic}))), '[]'::json)
        FROM ${paymentAccounts} WHERE ${paymentAccounts.userId} = ${paymentRequests.userId}
      )`,
    })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.userId))
    .where(eq(paymentRequests.code, sql.placeholder("code")))
    .prepare("collect_public_view"),
);

/** What the requester's notification says about a request (docs/decisions/024-chasing.md). */
export type NotifiedRequest = {
  id: string;
  userId: string;
  amount: string;
  currency: string;
  recipientName: string;
};

export type ClaimResult =
  | {
      ok: true;
      /** `amount`: what they say they paid. `round`: what part payments had paid when they said so. */
      request: NotifiedRequest & { via: ClaimVia; round: string };
      /** "first": this claim is the request's; "corrected": the first claim's browser changed it; "kept": the first stays. */
      outcome: "first" | "corrected" | "kept";
    }
  | { ok: false; reason: "not-found" | "paid" | "not-offered" }
  | { ok: false; reason: "amount"; message: string };

/** The claim cookie's hash as the row keeps it. */
export const claimTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The payer's "I've paid": recorded on a pending request whose requester offers that app (or
 * "Other"), in one conditional UPDATE. The first claim stays what the requester sees: a later
 * one is answered alike but changes nothing, so nobody with the link can overwrite it
 * (docs/decisions/016), except the browser that made it, which holds its token (`device`:
 * the token it presents, and the one a first claim hands out). A claim a part payment has
 * answered since (what is left changed: shared-queries.ts openClaim) makes room for a new first
 * one. `amount` (normalised, or null for what is left) may be less than what is left, never
 * more. The status is left alone: only the requester marks a request paid.
 */
export async function recordClaim(
  db: Db,
  code: string,
  claim: { via: ClaimVia; note: string | null; amount: string | null },
  device: { presented: string | null; fresh: string },
  i18n: I18n,
): Promise<ClaimResult> {
  let named: string | null = null;
  if (claim.amount !== null) {
    const [asked] = await db
      .select({
        amount: paymentRequests.amount,
        paid: paymentRequests.paidAmount,
        currency: paymentRequests.currency,
      })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.code, code), eq(paymentRequests.status, "pending")));
    if (asked) {
      const left = amountLeft(asked.amount, paidSoFar(asked.paid, asked.currency), asked.currency);
      const checked = checkPartPayment(claim.amount, left, asked.currency, i18n);
      if (!checked.ok) return { ok: false, reason: "amount", message: checked.message };
      named = checked.amount;
    }
  }
  const offered = sql`(${claim.via} = 'other' OR EXISTS (
    SELECT 1 FROM ${paymentAccounts}
    WHERE ${paymentAccounts.userId} = ${paymentRequests.userId} AND ${paymentAccounts.provider}::text = ${claim.via}
  ))`;
  const fresh = claimTokenHash(device.fresh);
  const presented = device.presented ? claimTokenHash(device.presented) : null;
  // SET reads the row as it was. A new first claim: none yet, or the last one answered since.
  const left = sql`(${paymentRequests.amount} - ${paymentRequests.paidAmount})`;
  const first = sql`(${paymentRequests.claimedPaidAt} IS NULL OR ${paymentRequests.claimedLeft} <> ${left})`;
  // A first claim, or the first claim's own browser, writes.
  const writes = sql`(${first} OR ${paymentRequests.claimTokenHash} = ${presented}::text)`;
  const [row] = await db
    .update(paymentRequests)
    .set({
      claimedPaidAt: sql`CASE WHEN ${first} THEN now() ELSE ${paymentRequests.claimedPaidAt} END`,
      claimedVia: sql`CASE WHEN ${writes} THEN ${claim.via} ELSE ${paymentRequests.claimedVia} END`,
      claimNote: sql`CASE WHEN ${writes} THEN ${claim.note}::text ELSE ${paymentRequests.claimNote} END`,
      claimedAmount: sql`CASE WHEN ${writes} THEN coalesce(${named}::numeric, ${left}) ELSE ${paymentRequests.claimedAmount} END`,
      claimedLeft: sql`CASE WHEN ${writes} THEN ${left} ELSE ${paymentRequests.claimedLeft} END`,
      claimTokenHash: sql`CASE WHEN ${first} THEN ${fresh}::text ELSE ${paymentRequests.claimTokenHash} END`,
    })
    .where(and(eq(paymentRequests.code, code), eq(paymentRequests.status, "pending"), offered))
    .returning({
      id: paymentRequests.id,
      userId: paymentRequests.userId,
      amount: sql<string>`coalesce(${paymentRequests.claimedAmount}, ${left})::text`,
      paid: paymentRequests.paidAmount,
      currency: paymentRequests.currency,
      recipientName: paymentRequests.recipientName,
      via: paymentRequests.claimedVia,
      tokenHash: paymentRequests.claimTokenHash,
    });
  if (row) {
    const { tokenHash, paid, ...request } = row;
    const outcome =
      tokenHash === fresh ? "first" : presented && tokenHash === presented ? "corrected" : "kept";
    return {
      ok: true,
      request: {
        ...request,
        amount: paidSoFar(request.amount, request.currency) ?? request.amount,
        via: (request.via ?? claim.via) as ClaimVia,
        round: paidSoFar(paid, request.currency) ?? "0",
      },
      outcome,
    };
  }
  const [existing] = await db
    .select({ status: paymentRequests.status })
    .from(paymentRequests)
    .where(eq(paymentRequests.code, code));
  if (!existing || existing.status === "cancelled") return { ok: false, reason: "not-found" };
  return { ok: false, reason: existing.status === "paid" ? "paid" : "not-offered" };
}

/**
 * The first view of the public page by anyone but the requester (docs/product.md#home, "Viewed"). Called by
 * the page's script, so link-preview bots, which run no JavaScript, never count.
 */
/** The caller's own request at this code (its recipient's name), or null for anyone else's. */
export async function ownRequestAt(
  db: Db,
  code: string,
  userId: string,
): Promise<{ recipientName: string } | null> {
  const [row] = await db
    .select({ recipientName: paymentRequests.recipientName })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.code, code), eq(paymentRequests.userId, userId)));
  return row ?? null;
}

export async function markViewed(
  db: Db,
  code: string,
  viewerId: string | null,
): Promise<NotifiedRequest | undefined> {
  const [row] = await db
    .update(paymentRequests)
    .set({ viewedAt: new Date() })
    .where(
      and(
        eq(paymentRequests.code, code),
        isNull(paymentRequests.viewedAt),
        ne(paymentRequests.status, "cancelled"),
        viewerId ? ne(paymentRequests.userId, viewerId) : undefined,
      ),
    )
    .returning({
      id: paymentRequests.id,
      userId: paymentRequests.userId,
      amount: paymentRequests.amount,
      currency: paymentRequests.currency,
      recipientName: paymentRequests.recipientName,
    });
  return row;
}
