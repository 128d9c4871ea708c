import { and, desc, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import type { Db } from "../../db/client";
import { paymentRequests, users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { preparedPerDatabase } from "../../lib/prepared";
import { newShortCode } from "../../lib/short-code";
import { isUuid } from "../../lib/uuid";
import { displayNameSql } from "../users/queries";

type Row = typeof paymentRequests.$inferSelect;

export function shortUrlFor(publicUrl: string, code: string): string {
  return `${publicUrl}/pay/${code}`;
}

export function toPaymentRequest(row: Row, publicUrl: string): PaymentRequest {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    description: row.description,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    createdAt: row.createdAt.toISOString(),
    shortUrl: shortUrlFor(publicUrl, row.code),
    viewedAt: row.viewedAt?.toISOString() ?? null,
    lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
    claimedPaidAt: row.claimedPaidAt?.toISOString() ?? null,
    claimedVia: (row.claimedVia as PaymentRequest["claimedVia"]) ?? null,
    claimNote: row.claimNote,
    splitId: row.splitId,
  };
}

export type NewPaymentRequest = {
  recipientName: string;
  recipientPhone: string;
  amount: string;
  description: string | null;
};

/** The requester's display name, read inside the statement that needs it. */
const requesterNameSql = sql<string>`(
  SELECT ${displayNameSql} FROM ${users} WHERE ${users.id} = ${paymentRequests.userId}
)`;

const insertQuery = preparedPerDatabase((db) =>
  db
    .insert(paymentRequests)
    .values({
      userId: sql.placeholder("userId"),
      code: sql.placeholder("code"),
      recipientName: sql.placeholder("recipientName"),
      recipientPhone: sql.placeholder("recipientPhone"),
      amount: sql.placeholder("amount"),
      description: sql.placeholder("description"),
    })
    .returning({ ...getTableColumns(paymentRequests), requesterName: requesterNameSql })
    .prepare("collect_create_request"),
);

/**
 * Inserts with a fresh short code, drawing again on the (astronomically rare) collision. One
 * round trip: the requester's name for the SMS text comes back with the new row.
 */
export async function createPaymentRequest(
  db: Db,
  userId: string,
  input: NewPaymentRequest,
): Promise<{ row: Row; requesterName: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [created] = await insertQuery(db).execute({ ...input, userId, code: newShortCode() });
      if (!created) throw new Error("insert returned no row");
      const { requesterName, ...row } = created;
      return { row, requesterName };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** The caller's requests: pending first, then newest first (spec §2 Home). */
export function listPaymentRequests(db: Db, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.userId, userId))
    .orderBy(
      sql`${paymentRequests.status} = 'pending' DESC`,
      desc(paymentRequests.createdAt),
      desc(paymentRequests.id),
    );
}

export type PendingUpdateResult =
  | { ok: true; row: Row }
  | { ok: false; reason: "not-found" | "conflict"; status?: Row["status"] };

/**
 * Changes one of the caller's requests only while it is pending, in a single conditional
 * UPDATE, so two concurrent calls cannot both succeed. Another user's id is "not-found",
 * exactly like a missing one.
 */
export async function updatePending(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<Row, "status" | "lastRemindedAt">>,
): Promise<PendingUpdateResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const owned = and(eq(paymentRequests.id, id), eq(paymentRequests.userId, userId));
  const [row] = await db
    .update(paymentRequests)
    .set(changes)
    .where(and(owned, eq(paymentRequests.status, "pending")))
    .returning();
  if (row) return { ok: true, row };
  const [existing] = await db.select({ status: paymentRequests.status }).from(paymentRequests).where(owned);
  return existing
    ? { ok: false, reason: "conflict", status: existing.status }
    : { ok: false, reason: "not-found" };
}

/**
 * The first view of the public page by anyone but the requester (issue 5 "Viewed"). Called by
 * the page's script, so link-preview bots, which run no JavaScript, never count.
 */
export async function markViewed(db: Db, code: string, viewerId: string | null): Promise<void> {
  await db
    .update(paymentRequests)
    .set({ viewedAt: new Date() })
    .where(
      and(
        eq(paymentRequests.code, code),
        isNull(paymentRequests.viewedAt),
        ne(paymentRequests.status, "cancelled"),
        viewerId ? ne(paymentRequests.userId, viewerId) : undefined,
      ),
    );
}

/** The display name of the requester of one request, for a reminder's SMS text. */
export async function requesterNameOf(db: Db, requestId: string): Promise<string> {
  const [row] = await db
    .select({ name: requesterNameSql })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId));
  return row?.name ?? "Someone";
}
