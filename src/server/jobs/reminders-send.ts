import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, reminders, users } from "#server/db/schema.ts";
import { displayNameSql, shortUrlFor } from "#server/db/shared-queries.ts";
import type { Limiter } from "#server/lib/limiter.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { claimDeliveries, deliverOnce, findDelivery, markFailed } from "./effects";
import { type JobQueue, SENDERS } from "./queue";
import { type PayerMailKind, payerMail, stopUrlFor } from "./reminders-mail";

/** The queue of emails to the payer: the request, its reminders, the receipt. */
export const PAYER_MAIL_QUEUE = "payer-mail";

export type PayerMailJob = { kind: PayerMailKind; key: string; requestId: string; offset?: number };

type PayerMail = { kind: PayerMailKind; key: string; requestId: string; userId: string; offset?: number };

/**
 * Decides emails to payers inside the caller's transaction: each one's delivery row (its key:
 * `request-email:<id>`, `reminder:<id>:<offset>`, `receipt:<id>`) and its job commit with it, in
 * one statement each for the lot (the sweep decides a batch of reminders at once). A second
 * decision of the same key does nothing.
 */
export async function enqueuePayerMails(
  tx: Db,
  jobs: JobQueue,
  mails: readonly PayerMail[],
  now: Date,
): Promise<void> {
  const claimed = await claimDeliveries(
    tx,
    mails.map(({ key, userId }) => ({ key, kind: "email", userId })),
    now,
  );
  const toSend = mails
    .filter(({ key }) => claimed.has(key))
    .map(({ kind, key, requestId, offset }) => {
      const data: PayerMailJob = { kind, key, requestId, offset };
      // startAfter from the app's clock: a send inside the app's transaction would otherwise take
      // the database's now(), which a test clock does not move on PostgreSQL (pg-boss moves only its own).
      return { data, key, startAfter: now };
    });
  await jobs.sendMany(PAYER_MAIL_QUEUE, toSend, { tx });
}

/** One email to a payer (enqueuePayerMails). */
export async function enqueuePayerMail(
  tx: Db,
  jobs: JobQueue,
  mail: PayerMail & { now: Date },
): Promise<void> {
  await enqueuePayerMails(tx, jobs, [mail], mail.now);
}

export type PayerMailDeps = {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  /** Bounds the mail one address gets from everyone together (limits.ts payerMailPerRecipient). */
  limiter: Pick<Limiter, "wait">;
  now: () => Date;
  publicUrl: string;
  secret: string;
  log: Pick<FastifyBaseLogger, "warn">;
};

/** Why a payer email went unsent past its address's allowance (the card shows it as not delivered). */
export const PAYER_MAIL_CAPPED = "not sent: this address has had its most emails from Collect for today";

/** A refusal that no retry will change (SMTP 5xx: no such mailbox, rejected): fail at once. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Sends one email to a payer, once in effect (effects.ts deliverOnce): the request, a reminder, a
 * receipt or a recurring occurrence. However many accounts mail one address, it gets at most so
 * many a day (limits.ts payerMailPerRecipient): past that the email is not sent. A refusal (SMTP
 * 5xx) is not retried. Either way the delivery is failed for good, the requester's card says it
 * was not delivered, and `final` hears why; a passing fault is thrown for the queue to retry
 * (`final` hears it on the last attempt).
 */
export async function sendToPayer(
  deps: Pick<PayerMailDeps, "db" | "limiter" | "log">,
  job: { key: string; attempt: number; lastAttempt: boolean; domain: string; now: () => Date },
  to: string,
  send: (messageId: string) => Promise<void>,
  final: (error: string) => Promise<void> = async () => {},
): Promise<void> {
  const { db } = deps;
  const { key } = job;
  const delivery = await findDelivery(db, key);
  // Already sent or failed for good (a job run again): nothing to send, nothing to count.
  if (delivery?.state !== "pending") return;
  // Counted once per email, on its first attempt: a retry after a passing fault is the same email.
  if (delivery.attempts === 0 && (await deps.limiter.wait("payerMailPerRecipient", to.toLowerCase())) > 0) {
    await markFailed(db, key, PAYER_MAIL_CAPPED, job.attempt, true);
    await final(PAYER_MAIL_CAPPED);
    deps.log.warn({ key }, "payer email not sent: the address's daily allowance is used");
    return;
  }
  try {
    await deliverOnce(db, job, send, delivery);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isPermanent(error)) {
      // deliverOnce recorded the attempt; a refused address will refuse again: fail now, and say so on the card.
      await markFailed(db, key, message, job.attempt, true);
      await final(message);
      deps.log.warn({ key, err: error }, "payer email refused");
      return;
    }
    if (job.lastAttempt) await final(message);
    throw error;
  }
}

export async function startPayerMail(deps: PayerMailDeps): Promise<void> {
  const { db, jobs, mailer, publicUrl, secret } = deps;
  const domain = new URL(publicUrl).hostname;
  await jobs.createQueue(PAYER_MAIL_QUEUE, { retryLimit: 4, retryDelaySeconds: 60 });
  await jobs.work<PayerMailJob>(
    PAYER_MAIL_QUEUE,
    async (job) => {
      const { kind, key, requestId, offset } = job.data;
      const [row] = await db
        .select({
          request: paymentRequests,
          requesterName: displayNameSql,
          requesterEmail: users.email,
          timeZone: users.timeZone,
        })
        .from(paymentRequests)
        .innerJoin(users, eq(users.id, paymentRequests.userId))
        .where(eq(paymentRequests.id, requestId));
      if (!row?.request.payerEmail) return;
      const { request } = row;
      const facts = {
        requestId,
        requesterName: row.requesterName,
        requesterEmail: row.requesterEmail,
        payerEmail: request.payerEmail as string,
        recipientName: request.recipientName,
        amount: request.amount,
        description: request.description,
        dueDate: request.dueDate,
        payUrl: shortUrlFor(publicUrl, request.code),
        today: localDate(deps.now(), row.timeZone ?? "America/New_York"),
      };
      const final = async (error: string) => {
        if (kind !== "reminder" || offset === undefined) return;
        await db
          .update(reminders)
          .set({ state: "failed", error: error.slice(0, 500) })
          .where(and(eq(reminders.requestId, requestId), eq(reminders.offsetDays, offset)));
      };
      await sendToPayer(
        deps,
        { ...job, key, domain, now: deps.now },
        facts.payerEmail,
        (messageId) =>
          mailer.deliver({ ...payerMail(kind, facts, stopUrlFor(publicUrl, requestId, secret)), messageId }),
        final,
      );
    },
    SENDERS,
  );
}

/** Marks every scheduled reminder of a request skipped: the payer or the requester stopped them. */
export async function stopReminders(tx: Db, requestId: string, now: Date): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({
      remindersStoppedAt: sql`coalesce(${paymentRequests.remindersStoppedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(paymentRequests.id, requestId));
  await tx
    .update(reminders)
    .set({ state: "skipped", doneAt: now })
    .where(and(eq(reminders.requestId, requestId), eq(reminders.state, "scheduled")));
}
