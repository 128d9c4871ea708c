import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { deliveries } from "#server/db/schema.ts";
import { isPermanentRefusal } from "./permanent";

/**
 * Exactly once in effect (docs/decisions/023-job-queue.md). A job may run more
 * than once (a retry, a process killed after the send but before its commit), so each effect
 * outside the database carries an idempotency key:
 *
 * 1. the decision ("this reminder is due") inserts the `delivery` row with `claimDelivery` in the
 *    same transaction as whatever else it records, and enqueues the send in that transaction too
 *    (queue.send with `tx`); of two processes deciding the same key one inserts, the other gets
 *    `false` and does nothing;
 * 2. the send job (`deliverOnce`) reads the row, sends with the Message-ID derived from the key,
 *    then marks it sent. A crash between the SMTP answer and `markSent` resends with the same
 *    Message-ID, which receiving mail systems collapse into one message.
 */
export type DeliveryState = (typeof deliveries.$inferSelect)["state"];
export type Delivery = typeof deliveries.$inferSelect;

/** The delivery key of a recurring series' occurrence: its email to the payer, or its notice to the requester. */
export const occurrenceKey = (seriesId: string, date: string) => `recurring:${seriesId}:${date}`;

/** The key of the email that carries a request to its payer: a one-off's, or a recurring occurrence's. */
export function requestEmailKey(request: {
  id: string;
  seriesId: string | null;
  occurrenceDate: string | null;
}): string {
  return request.seriesId && request.occurrenceDate
    ? occurrenceKey(request.seriesId, request.occurrenceDate)
    : `request-email:${request.id}`;
}

/**
 * Creates each delivery row that does not exist yet, in one statement; returns the keys this
 * call created (the caller owns those effects), not the ones that already existed.
 */
export async function claimDeliveries(
  db: Db,
  claims: readonly { key: string; kind: string; userId?: string }[],
  at: Date,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .insert(deliveries)
    .values(claims.map((claim) => ({ ...claim, createdAt: at })))
    .onConflictDoNothing()
    .returning({ key: deliveries.key });
  return new Set(rows.map((row) => row.key));
}

/** True when this call created the row (the caller owns the effect); false when it already existed. */
export async function claimDelivery(
  db: Db,
  key: string,
  kind: string,
  at: Date,
  userId?: string,
): Promise<boolean> {
  return (await claimDeliveries(db, [{ key, kind, userId }], at)).has(key);
}

export async function findDelivery(db: Db, key: string): Promise<Delivery | undefined> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.key, key));
  return row;
}

/** Pending → sent, once: false if the row was not pending (already sent, or failed). */
export async function markSent(
  db: Db,
  key: string,
  at: Date,
  { messageId, attempts }: { messageId?: string; attempts?: number } = {},
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({
      state: "sent",
      sentAt: at,
      lastError: null,
      ...(messageId ? { messageId } : {}),
      ...(attempts ? { attempts } : {}),
    })
    .where(and(eq(deliveries.key, key), eq(deliveries.state, "pending")))
    .returning({ key: deliveries.key });
  return rows.length === 1;
}

/** Records a failed attempt; `final` (no retry follows) makes the row `failed` for the card to show. */
/**
 * Records that an attempt at a pending delivery began, before anything leaves: a retry after its
 * process died mid-send (nothing else recorded) then knows it is the same message, and the mail
 * policy counts each email once (`recheck` when `attempts > 0`).
 */
export async function markAttempted(db: Db, key: string, attempt: number): Promise<void> {
  await db
    .update(deliveries)
    .set({ attempts: sql`greatest(${deliveries.attempts}, ${attempt})` })
    .where(and(eq(deliveries.key, key), eq(deliveries.state, "pending")));
}

export async function markFailed(
  db: Db,
  key: string,
  error: string,
  attempts: number,
  final = true,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ lastError: error.slice(0, 1_000), attempts, ...(final ? { state: "failed" as const } : {}) })
    .where(and(eq(deliveries.key, key), eq(deliveries.state, "pending")));
}

/**
 * A Message-ID stable for one key (RFC 5322 `<left@right>`): a resend after a crash carries the
 * same one. Hashed, so the key (which names a request) is not shown to the recipient.
 */
export function messageIdFor(key: string, domain: string): string {
  const digest = createHash("sha256").update(key).digest("base64url").slice(0, 32);
  return `<${digest}@${domain}>`;
}

export type DeliveryOutcome = "sent" | "already-sent" | "already-failed" | "missing";

/** What deliverOnce needs of a job: its attempt, the delivery key, the Message-ID domain and the clock. */
export function deliveryAttempt(
  job: { attempt: number; lastAttempt: boolean },
  key: string,
  { domain, clock }: { domain: string; clock: { now(): Date } },
) {
  return { key, attempt: job.attempt, lastAttempt: job.lastAttempt, domain, now: () => clock.now() };
}

/**
 * The send job's body: sends the pending delivery `key` through `send(messageId)`, then marks it
 * sent. A throw records the attempt (and, on the last one, `failed`) and is rethrown so the
 * queue retries with backoff; a refusal no retry changes (SMTP 5xx) is `failed` at once, and the
 * mail queues do not retry it (queue.ts). `read` is the row when the caller has just read it.
 */
export async function deliverOnce(
  db: Db,
  job: { key: string; attempt: number; lastAttempt: boolean; domain: string; now: () => Date },
  send: (messageId: string, delivery: Delivery) => Promise<void>,
  read?: Delivery,
): Promise<DeliveryOutcome> {
  const delivery = read ?? (await findDelivery(db, job.key));
  if (!delivery) return "missing";
  if (delivery.state === "sent") return "already-sent";
  if (delivery.state === "failed") return "already-failed";
  const messageId = messageIdFor(job.key, job.domain);
  try {
    await send(messageId, delivery);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await markFailed(db, job.key, message, job.attempt, job.lastAttempt || isPermanentRefusal(error));
    throw error;
  }
  await markSent(db, job.key, job.now(), { messageId, attempts: job.attempt });
  return "sent";
}
