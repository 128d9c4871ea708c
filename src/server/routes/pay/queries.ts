import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import { and, desc, eq, isNull, ne, type SQLWrapper, sql } from "drizzle-orm";
import { balanceLinkView, lockOpenItems } from "#server/db/balances.ts";
import type { Db } from "#server/db/client.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { paymentsOf } from "#server/db/request-payments.ts";
import { balanceLinks, paymentAccounts, paymentRequests, users, withdrawnCodes } from "#server/db/schema.ts";
import { contactLanguageSql, displayNameSql } from "#server/db/shared-queries.ts";
import { HOME_CURRENCY, minorToAmount, parseMinor } from "#shared/currency.ts";
import { type Locale, localeOr, SOURCE_LOCALE } from "#shared/i18n/locales.ts";
import { firstNameOf } from "#shared/pay-page/claim-panel.tsx";
import { type Provider, payPageOrder } from "#shared/providers.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import type { ClaimVia } from "#shared/schemas/claim.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";
import { allocateOldestFirst, amountLeft, checkPartPayment, paidSoFar } from "#shared/schemas/payment.ts";
import {
  BALANCE_CODE_LENGTH,
  type CancelledPaymentView,
  type PublicPaymentView,
} from "#shared/schemas/payment-request.ts";

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
  if (!row) return code.length === BALANCE_CODE_LENGTH ? balanceView(db, code) : withdrawnView(db, code);
  // The payer's language (their contact's, else the requester's): the link's preview speaks it.
  const language = localeOr(row.requestLanguage, row.requesterLanguage);
  if (row.status === "cancelled")
    return { view: { cancelledBy: firstNameOf(row.name) }, userId: row.userId, language };
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
    paymentAccounts: parsedAccounts(row.accounts, row.methodOrder),
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

/** The requester's payment accounts as the page shows them (a bank transfer's holder and BIC only where set). */
const accountsOf = (userId: SQLWrapper) => sql<PublicPaymentView["paymentAccounts"]>`(
  SELECT coalesce(json_agg(json_strip_nulls(json_build_object('provider', ${paymentAccounts.provider}, 'accountHandle', ${paymentAccounts.accountHandle}, 'holderName', ${paymentAccounts.holderName}, 'bic', ${paymentAccounts.bic}))), '[]'::json)
  FROM ${paymentAccounts} WHERE ${paymentAccounts.userId} = ${userId}
)`;

const parsedAccounts = (accounts: unknown, order: unknown) =>
  payPageOrder(
    (typeof accounts === "string" ? JSON.parse(accounts) : accounts) as PublicPaymentView["paymentAccounts"],
    order as Provider[] | null,
  );

/**
 * A "Request all" link's page (db/balances.ts): everything open with the payer in its currency,
 * what is left of it all, and the oldest items; "paid" once nothing is left. Its cache owner is
 * the requester, so any change to their requests redraws it.
 */
async function balanceView(db: Db, code: string) {
  const found = await balanceLinkView(db, code);
  if (!found) return withdrawnView(db, code);
  const { link, total, items } = found;
  const [requester] = await db
    .select({
      name: displayNameSql,
      photo: users.photo,
      methodOrder: users.methodOrder,
      timeZone: users.timeZone,
      language: sql<
        string | null
      >`coalesce(${contactLanguageSql(link.userId, link.recipientPhone)}, "user"."language")`,
      // Named in full: a select from one table leaves its columns bare, and "id" would be the account's.
      accounts: accountsOf(sql`"user"."id"`),
    })
    .from(users)
    .where(eq(users.id, link.userId));
  if (!requester) return null;
  const timeZone = requester.timeZone ?? DEFAULT_TIME_ZONE;
  const view: PublicPaymentView = {
    requester: { name: requester.name, photo: requester.photo },
    request: {
      amount: total.owed,
      ...(link.currency !== HOME_CURRENCY ? { currency: link.currency } : {}),
      description: null,
      status: total.count > 0 ? "pending" : "paid",
      items: items.map((row) => ({
        description: row.description,
        amount: amountLeft(row.amount, paidSoFar(row.paidAmount, row.currency), row.currency),
        date: localDate(row.createdAt, timeZone),
      })),
      count: total.count,
    },
    paymentAccounts: parsedAccounts(requester.accounts, requester.methodOrder),
  };
  return { view, userId: link.userId, language: localeOr(requester.language) };
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
      accounts: accountsOf(paymentRequests.userId),
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

/** A "Request all" claim: which requests it covered and with how much of it each, oldest first. */
export type BalanceClaimResult =
  | {
      ok: true;
      linkId: string;
      userId: string;
      recipientPhone: string;
      recipientName: string;
      currency: string;
      via: ClaimVia;
      /** What they say they paid in all. */
      amount: string;
      covered: { id: string; amount: string }[];
    }
  | { ok: false; reason: "not-found" | "paid" | "not-offered" }
  | { ok: false; reason: "amount"; message: string };

/**
 * The payer's "I've paid" on a "Request all" link: what they say they paid (all of it unless they
 * name less) settles the open requests oldest first (allocateOldestFirst), each taking the claim
 * for its part, as if said on its own page. The requests are locked while it is spread, so a part
 * payment recorded at the same time is either counted before or answers the claim after. The
 * latest word on the link stands: whoever holds it is the one it was texted to.
 */
export async function recordBalanceClaim(
  db: Db,
  code: string,
  claim: { via: ClaimVia; note: string | null; amount: string | null },
  i18n: I18n,
): Promise<BalanceClaimResult> {
  const [link] = await db.select().from(balanceLinks).where(eq(balanceLinks.code, code));
  if (!link) return { ok: false, reason: "not-found" };
  if (claim.via !== "other") {
    const [offers] = await db
      .select({ id: paymentAccounts.id })
      .from(paymentAccounts)
      .where(
        and(eq(paymentAccounts.userId, link.userId), sql`${paymentAccounts.provider}::text = ${claim.via}`),
      );
    if (!offers) return { ok: false, reason: "not-offered" };
  }
  const { currency } = link;
  const { items, total } = await lockOpenItems(db, link.userId, link.recipientPhone, currency);
  if (items.length === 0) return { ok: false, reason: "paid" };
  let said = total;
  if (claim.amount !== null) {
    const checked = checkPartPayment(claim.amount, total, currency, i18n);
    if (!checked.ok) return { ok: false, reason: "amount", message: checked.message };
    said = checked.amount;
  }
  const parts = allocateOldestFirst(
    parseMinor(said, currency) ?? 0,
    items.map((item) => item.left),
  );
  const covered = items
    .map((item, i) => ({ id: item.id, amount: minorToAmount(parts[i] ?? 0, currency), left: item.left }))
    .filter((_, i) => (parts[i] ?? 0) > 0);
  // Every covered request takes its part in one statement, however many there are.
  const each = sql.join(
    covered.map(
      (c) => sql`(${c.id}::uuid, ${c.amount}::numeric, ${minorToAmount(c.left, currency)}::numeric)`,
    ),
    sql`, `,
  );
  await db
    .update(paymentRequests)
    .set({
      claimedPaidAt: sql`now()`,
      claimedVia: claim.via,
      claimNote: claim.note,
      claimedAmount: sql`part.amount`,
      claimedLeft: sql`part.left_then`,
      // No page's browser holds this claim: the next word on its own page may change it.
      claimTokenHash: null,
    })
    .from(sql`(VALUES ${each}) AS part(id, amount, left_then)`)
    .where(sql`${paymentRequests.id} = part.id`);
  return {
    ok: true,
    linkId: link.id,
    userId: link.userId,
    recipientPhone: link.recipientPhone,
    recipientName: items[0]?.recipientName ?? "",
    currency,
    via: claim.via,
    amount: said,
    covered: covered.map(({ id, amount }) => ({ id, amount })),
  };
}

/** The caller's own request at this code (its recipient's name), or null for anyone else's. */
export async function ownRequestAt(
  db: Db,
  code: string,
  userId: string,
): Promise<{ recipientName: string } | null> {
  if (code.length === BALANCE_CODE_LENGTH) {
    // Their own "Request all" link: whom it is for, by the name on their latest request to them.
    const [own] = await db
      .select({ recipientName: paymentRequests.recipientName })
      .from(balanceLinks)
      .innerJoin(
        paymentRequests,
        and(
          eq(paymentRequests.userId, balanceLinks.userId),
          eq(paymentRequests.recipientPhone, balanceLinks.recipientPhone),
        ),
      )
      .where(and(eq(balanceLinks.code, code), eq(balanceLinks.userId, userId)))
      .orderBy(desc(paymentRequests.createdAt))
      .limit(1);
    return own ?? null;
  }
  const [row] = await db
    .select({ recipientName: paymentRequests.recipientName })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.code, code), eq(paymentRequests.userId, userId)));
  return row ?? null;
}

/**
 * The first view of the public page by anyone but the requester (docs/product.md#home, "Viewed"). Called by
 * the page's script, so link-preview bots, which run no JavaScript, never count.
 */
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

/**
 * What the payer's receipt at this code says (GET /pay/:code/receipt.pdf): the request, its
 * payments and who asked. Null where none stands: no such request, cancelled, or nothing paid.
 */
export async function payerReceiptAt(db: Db, code: string) {
  const [found] = await db
    .select({ request: paymentRequests, requesterName: displayNameSql, timeZone: users.timeZone })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.userId))
    .where(eq(paymentRequests.code, code));
  if (!found) return null;
  const { request } = found;
  const paidSome = request.status === "paid" || paidSoFar(request.paidAmount, request.currency) !== undefined;
  if (request.status === "cancelled" || !paidSome) return null;
  const payments = (await paymentsOf(db, [request])).get(request.id) ?? [];
  return {
    request,
    payments,
    requesterName: found.requesterName,
    timeZone: found.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
