import { and, asc, eq, sql } from "drizzle-orm";
import type { Payee } from "../../../shared/schemas/payee";
import type { Db } from "../../db/client";
import { payees } from "../../db/schema";
import { isUuid } from "../../lib/uuid";

const columns = { id: payees.id, name: payees.name, phone: payees.phone };

export function listPayees(db: Db, userId: string): Promise<Payee[]> {
  return db
    .select(columns)
    .from(payees)
    .where(eq(payees.userId, userId))
    .orderBy(asc(sql`lower(${payees.name})`), asc(payees.id));
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
