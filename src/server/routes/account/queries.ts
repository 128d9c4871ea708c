import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { sessions, users, verifications } from "#server/db/schema.ts";

export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      // Qualified by hand: inside the subquery, a bare "id" would be the account's.
      hasPassword: sql<boolean>`exists (select 1 from "account" a where a.user_id = "user".id and a.provider_id = 'credential' and a.password is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt));
}

/** The caller's session with this id; false when it is not theirs or does not exist. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * The user row and, through its foreign keys, every session, sign-in account, passkey,
 * payment account, request and contact; plus reset tokens (keyed by user id). The row's
 * delete trigger tells every process to drop the user's cached pay views.
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.value, userId));
    const gone = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return gone.length > 0;
  });
}
