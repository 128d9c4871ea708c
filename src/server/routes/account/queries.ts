import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  balanceLinks,
  paymentRequests,
  sessions,
  users,
  verifications,
  withdrawnCodes,
} from "#server/db/schema.ts";
import { JOBS_SCHEMA } from "#server/queue/queue.ts";

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
 * payment account, request and contact; plus reset tokens (keyed by user id) and the user's
 * queued jobs (deleteJobsOf). The row's delete trigger tells every process to drop the user's
 * cached pay views.
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked first: no request can be added for the user now, so the ids below are all of them.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const requests = await tx
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, userId));
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // Their links say "withdrawn" from now on: only the codes are kept, nothing of the person.
    await tx.execute(sql`
      INSERT INTO ${withdrawnCodes} (code)
      SELECT ${paymentRequests.code} FROM ${paymentRequests} WHERE ${paymentRequests.userId} = ${userId}
      UNION ALL SELECT ${balanceLinks.code} FROM ${balanceLinks} WHERE ${balanceLinks.userId} = ${userId}
      ON CONFLICT DO NOTHING`);
    const gone = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    // After the cascade, which waits for any transaction still writing the user's requests (a
    // claim and its notification): their jobs are committed and seen here.
    await deleteJobsOf(tx, { userId, requestIds: requests.map((request) => request.id) });
    return gone.length > 0;
  });
}

/**
 * A deleted user's jobs, whatever their state: notifications (`userId`, or `notification.userId`
 * for push) and the payer emails and recurring notices of their requests (`requestId`). pg-boss
 * keeps a finished job for days, texts and all, and nothing of a deleted account is kept. Nothing
 * to do before the queue has made its schema (a fresh database).
 */
async function deleteJobsOf(
  tx: Db,
  { userId, requestIds }: { userId: string; requestIds: string[] },
): Promise<void> {
  const table = `${JOBS_SCHEMA}.job`;
  const [present] = (
    (await tx.execute(sql`SELECT to_regclass(${table}) IS NOT NULL AS present`)) as unknown as {
      rows: { present: boolean }[];
    }
  ).rows;
  if (!present?.present) return;
  await tx.execute(sql`
    DELETE FROM ${sql.identifier(JOBS_SCHEMA)}.job
    WHERE data->>'userId' = ${userId}
      OR data->'notification'->>'userId' = ${userId}
      OR data->>'requestId' IN (SELECT jsonb_array_elements_text(${JSON.stringify(requestIds)}::jsonb))
  `);
}
