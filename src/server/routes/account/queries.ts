import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  notificationSettings,
  passkeys,
  payees,
  paymentAccounts,
  paymentRequests,
  pushSubscriptions,
  sessions,
  users,
  verifications,
} from "#server/db/schema.ts";

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

/** Everything Collect keeps about the user, for "Download my data" (no secrets, no hashes). */
export async function exportAccount(db: Db, userId: string) {
  const [profile] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      profileName: users.profileName,
      firstName: users.firstName,
      lastName: users.lastName,
      photo: users.photo,
      timeZone: users.timeZone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [methods, requests, contacts, devices, keys, notificationPrefs, pushDevices] = await Promise.all([
    db
      .select({ provider: paymentAccounts.provider, accountHandle: paymentAccounts.accountHandle })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId)),
    db
      .select({
        code: paymentRequests.code,
        recipientName: paymentRequests.recipientName,
        recipientPhone: paymentRequests.recipientPhone,
        amount: paymentRequests.amount,
        description: paymentRequests.description,
        status: paymentRequests.status,
        createdAt: paymentRequests.createdAt,
        viewedAt: paymentRequests.viewedAt,
      })
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, userId))
      .orderBy(desc(paymentRequests.createdAt)),
    db
      .select({ name: payees.name, phone: payees.phone, createdAt: payees.createdAt })
      .from(payees)
      .where(eq(payees.userId, userId)),
    listSessions(db, userId),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db
      .select({
        channels: notificationSettings.channels,
        quietStart: notificationSettings.quietStart,
        quietEnd: notificationSettings.quietEnd,
        digestHour: notificationSettings.digestHour,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    // The endpoint and keys are the device's capability, not the person's data: left out.
    db
      .select({ deviceLabel: pushSubscriptions.deviceLabel, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  if (!profile) return undefined;
  return {
    profile,
    paymentAccounts: methods,
    paymentRequests: requests,
    contacts,
    sessions: devices.map(({ userAgent, createdAt, updatedAt }) => ({
      userAgent,
      createdAt,
      lastSeenAt: updatedAt,
    })),
    passkeys: keys,
    notificationSettings: notificationPrefs[0] ?? null,
    pushSubscriptions: pushDevices,
  };
}
