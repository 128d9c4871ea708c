import { and, asc, eq, sql } from "drizzle-orm";
import type { Payee, PayeeCursorKey } from "../../../shared/schemas/payee";
import type { Db } from "../../db/client";
import { payees } from "../../db/schema";
import { isUuid } from "../../lib/uuid";

const columns = { id: payees.id, name: payees.name, phone: payees.phone };

const lowerName = sql<string>`lower(${payees.name})`;

export type PayeePage = { rows: Payee[]; next: PayeeCursorKey | null };

/**
 * One page of the caller's contacts by name, keyset on (lower(name), id) as the index
 * payee_user_name_idx sorts them (docs/decisions/015-keyset-pagination.md).
 */
export async function listPayees(
  db: Db,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: PayeeCursorKey },
): Promise<PayeePage> {
  const found = await db
    .select({ ...columns, sortName: lowerName })
    .from(payees)
    .where(
      and(
        eq(payees.userId, userId),
        cursor ? sql`(${lowerName}, ${payees.id}) > (${cursor.n}, ${cursor.i}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(lowerName), asc(payees.id))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ sortName: _sortName, ...payee }) => payee),
    next: found.length > limit && last ? { n: last.sortName, i: last.id } : null,
  };
}

/** Saving a contact whose phone the caller already has renames it instead of duplicating it. */
export async function savePayee(
  db: Db,
  userId: string,
  input: { name: string; phone: string },
): Promise<Payee> {
  const [row] = await db
    .insert(payees)
    .values({ ...input, userId })
    .onConflictDoUpdate({
      target: [payees.userId, payees.phone],
      set: { name: input.name, updatedAt: new Date() },
    })
    .returning(columns);
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/** True when one of the caller's contacts was deleted; another user's id deletes nothing. */
export async function deletePayee(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(payees)
    .where(and(eq(payees.id, id), eq(payees.userId, userId)))
    .returning({ id: payees.id });
  return deleted.length > 0;
}
