import { and, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { mailSuppressions, paymentRequests } from "#server/db/schema.ts";
import { type SigningSecret, sign, verify } from "#server/lib/signed-token.ts";
import { recipientHash } from "./recipient";

/**
 * "No more from Maria" and "no more from Collect": a suppression kept by mailbox (its hash,
 * mail/recipient.ts), from one requester or from everyone. Recorded by the one-click link in a
 * payer email (routes/mail), which only that mailbox received; lifted only by the same link, so
 * no account can clear it, however it edits its requests or settings.
 */
export type SuppressionScope = { requesterId: string } | "all";

const ALL = "-";

/** The link's token: the scope and the mailbox's hash, signed (lib/signed-token.ts). */
export function suppressionToken(secret: SigningSecret, scope: SuppressionScope, address: string): string {
  const requester = scope === "all" ? ALL : scope.requesterId;
  return sign(secret, "mail-stop", `${requester}.${recipientHash(address)}`);
}

/** What a token names, or null when it is not one of ours. */
export function readSuppressionToken(
  secret: SigningSecret,
  token: string,
): { recipientHash: string; requesterId: string | null } | null {
  const payload = verify(secret, "mail-stop", token);
  const match = payload && /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/.exec(payload);
  if (!match) return null;
  const requester = match[1] as string;
  return { requesterId: requester === ALL ? null : requester, recipientHash: match[2] as string };
}

export async function suppress(
  db: Db,
  target: { recipientHash: string; requesterId: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ ...target, createdAt: now })
    .onConflictDoNothing();
}

export async function lift(
  db: Db,
  target: { recipientHash: string; requesterId: string | null },
): Promise<void> {
  await db
    .delete(mailSuppressions)
    .where(
      and(
        eq(mailSuppressions.recipientHash, target.recipientHash),
        target.requesterId === null
          ? isNull(mailSuppressions.requesterId)
          : eq(mailSuppressions.requesterId, target.requesterId),
      ),
    );
}

/**
 * Of these addresses, the hashes of those that want no mail from `requesterId` (or from anyone,
 * when it is null): suppressed from all of Collect, or from this requester.
 */
export async function suppressedAmong(
  db: Db,
  addresses: readonly string[],
  requesterId: string | null,
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const hashes = [...new Set(addresses.map(recipientHash))];
  const rows = await db
    .select({ hash: mailSuppressions.recipientHash })
    .from(mailSuppressions)
    .where(
      and(
        inArray(mailSuppressions.recipientHash, hashes),
        requesterId === null
          ? isNull(mailSuppressions.requesterId)
          : or(isNull(mailSuppressions.requesterId), eq(mailSuppressions.requesterId, requesterId)),
      ),
    );
  return new Set(rows.map((row) => row.hash));
}

/** Whether `address` wants no mail from `requesterId` (null: from Collect itself). */
export async function isSuppressed(db: Db, address: string, requesterId: string | null): Promise<boolean> {
  return (await suppressedAmong(db, [address], requesterId)).size > 0;
}

/**
 * The newest of `requesterId`'s requests that email this mailbox, if any: its owner's open tabs
 * are told a suppression changed (an event for one request refetches the lists). Of the 500 newest
 * with a payer email, matched by the mailbox's hash (the address is not in the token).
 */
export async function newestRequestTo(db: Db, requesterId: string, hash: string): Promise<string | null> {
  const rows = await db
    .select({ id: paymentRequests.id, payerEmail: paymentRequests.payerEmail })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.userId, requesterId), isNotNull(paymentRequests.payerEmail)))
    .orderBy(desc(paymentRequests.createdAt))
    .limit(500);
  return rows.find((row) => row.payerEmail && recipientHash(row.payerEmail) === hash)?.id ?? null;
}
