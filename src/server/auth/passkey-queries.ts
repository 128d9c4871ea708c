import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { passkeys, verifications } from "#server/db/schema.ts";

const CHALLENGE_TTL_MS = 5 * 60_000;

/** Keeps a WebAuthn challenge for one use: `purpose` is "sign-in" or "register:{userId}". */
export async function saveChallenge(db: Db, challenge: string, purpose: string): Promise<void> {
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `passkey-challenge:${challenge}`,
    value: purpose,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/** True once for a live challenge issued for `purpose`; it is gone afterwards either way. */
export async function consumeChallenge(db: Db, challenge: string, purpose: string): Promise<boolean> {
  const gone = await db
    .delete(verifications)
    .where(eq(verifications.identifier, `passkey-challenge:${challenge}`))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  return gone.some((row) => row.value === purpose && row.expiresAt.getTime() > Date.now());
}

const listColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export function listPasskeys(db: Db, userId: string) {
  return db
    .select(listColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export function credentialIdsOf(db: Db, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function addPasskey(
  db: Db,
  userId: string,
  key: {
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string | null;
    backedUp: boolean;
    name: string;
  },
) {
  const [row] = await db
    .insert(passkeys)
    .values({ userId, ...key })
    .onConflictDoNothing()
    .returning(listColumns);
  return row;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}

/** The passkey a sign-in presents, by credential id (not scoped: it names the user). */
export async function findByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Records a use; the signature counter only moves forward (@simplewebauthn refuses an older one). */
export async function markUsed(db: Db, id: string, counter: number): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: new Date() })
    .where(eq(passkeys.id, id));
}
