import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payees } from "#server/db/schema.ts";
import { isUniqueViolation } from "#server/lib/db-errors.ts";
import { foldedContains, phoneContains } from "#server/lib/text-search.ts";
import { isUuid } from "#server/lib/uuid.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Payee, PayeeCursorKey } from "#shared/schemas/payee.ts";

const columns = {
  id: payees.id,
  name: payees.name,
  phone: payees.phone,
  email: payees.email,
  language: payees.language,
};

/** A contact as the API answers it: its language only where one was chosen. */
function shown({ language, ...payee }: { language: string | null } & Omit<Payee, "language">): Payee {
  return language ? { ...payee, language: language as Locale } : payee;
}

const lowerName = sql<string>`lower(${payees.name})`;

export type PayeePage = { rows: Payee[]; next: PayeeCursorKey | null };

/**
 * One page of the caller's contacts by name, keyset on (lower(name), id) as the index
 * payee_user_name_idx sorts them (docs/decisions/015-keyset-pagination.md).
 */
export async function listPayees(
  db: Db,
  userId: string,
  { limit, cursor, q }: { limit: number; cursor?: PayeeCursorKey; q?: string },
): Promise<PayeePage> {
  const found = await db
    .select({ ...columns, sortName: lowerName })
    .from(payees)
    .where(
      and(
        eq(payees.userId, userId),
        q ? or(foldedContains(payees.name, q), phoneContains(payees.phone, q)) : undefined,
        cursor ? sql`(${lowerName}, ${payees.id}) > (${cursor.n}, ${cursor.i}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(lowerName), asc(payees.id))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ sortName: _sortName, ...payee }) => shown(payee)),
    next: found.length > limit && last ? { n: last.sortName, i: last.id } : null,
  };
}

/** The saved contact another one's phone would collide with: the user's contact with that phone. */
export type SaveResult = { ok: true; payee: Payee } | { ok: false; existing: Payee };

async function payeeWithPhone(db: Db, userId: string, phone: string): Promise<Payee | undefined> {
  const [row] = await db
    .select(columns)
    .from(payees)
    .where(and(eq(payees.userId, userId), eq(payees.phone, phone)));
  return row && shown(row);
}

/**
 * Saves a new contact. Its phone already saved under the same name is that contact; under
 * another name it is refused with the saved one, never renamed behind the user's back.
 */
export async function savePayee(
  db: Db,
  userId: string,
  input: { name: string; phone: string; email?: string | null; language?: string | null },
): Promise<SaveResult> {
  const [row] = await db
    .insert(payees)
    .values({ ...input, userId })
    .onConflictDoNothing({ target: [payees.userId, payees.phone] })
    .returning(columns);
  if (row) return { ok: true, payee: shown(row) };
  const existing = await payeeWithPhone(db, userId, input.phone);
  if (!existing) throw new Error("conflict without a row");
  if (existing.name !== input.name) return { ok: false, existing };
  // The same contact saved again: a language sent with it is its language from now on.
  if (input.language !== undefined && input.language !== (existing.language ?? null)) {
    const [updated] = await db
      .update(payees)
      .set({ language: input.language })
      .where(and(eq(payees.id, existing.id), eq(payees.userId, userId)))
      .returning(columns);
    if (updated) return { ok: true, payee: shown(updated) };
  }
  return { ok: true, payee: existing };
}

/**
 * Renames one of the caller's contacts or changes its phone: null for another user's or a missing
 * id; a phone another of their contacts has is refused with that contact.
 */
export async function updatePayee(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; phone?: string; email?: string | null; language?: string | null },
): Promise<SaveResult | null> {
  if (!isUuid(id)) return null;
  try {
    const [row] = await db
      .update(payees)
      .set(changes)
      .where(and(eq(payees.id, id), eq(payees.userId, userId)))
      .returning(columns);
    return row ? { ok: true, payee: shown(row) } : null;
  } catch (error) {
    if (!isUniqueViolation(error) || !changes.phone) throw error;
    const existing = await payeeWithPhone(db, userId, changes.phone);
    if (!existing) throw error;
    return { ok: false, existing };
  }
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
