import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentRequests, users } from "../../db/schema";
import { displayNameSql } from "../../db/shared-queries";
import { isUniqueViolation } from "../../lib/db-errors";
import { preparedPerDatabase } from "../../lib/prepared";
import { newShortCode } from "../../lib/short-code";
import { isUuid } from "../../lib/uuid";

type Row = typeof paymentRequests.$inferSelect;

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

/** The caller's requests: pending first, then newest first (docs/product.md#home). */
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

/** The display name of the requester of one request, for a reminder's SMS text. */
export async function requesterNameOf(db: Db, requestId: string): Promise<string> {
  const [row] = await db
    .select({ name: requesterNameSql })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId));
  return row?.name ?? "Someone";
}
