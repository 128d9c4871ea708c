import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { balanceLinkCode, balanceOf } from "#server/db/balances.ts";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, reminders, users } from "#server/db/schema.ts";
import { shortUrlFor } from "#server/db/shared-queries.ts";
import type { SigningSecret } from "#server/lib/signed-token.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { MailPolicy, RefusalReason } from "#server/mail/policy.ts";
import { isPermanentRefusal } from "#server/queue/permanent.ts";
import { sumAmounts } from "#shared/money.ts";
import { claimDeliveries, deliverOnce, findDelivery, markAttempted, markFailed } from "../queue/effects";
import { type JobQueue, SENDERS } from "../queue/queue";
import {
  linksFor,
  type PayerMailKind,
  payerMail,
  payerMailFacts,
  payerMailRequesterColumns,
} from "./reminders-mail";

/** The queue of emails to the payer: the request, its reminders, the receipt. */
export const PAYER_MAIL_QUEUE = "payer-mail";

export type PayerMailJob = {
  kind: PayerMailKind;
  key: string;
  requestId: string;
  offset?: number;
  /** A receipt's (or its correction's) payment: the `paidAt` it was decided for, ISO. */
  paidAt?: string;
  /** A reminder's companions: the same person's other reminders that go out in this one email. */
  with?: { requestId: string; offset: number }[];
};

type PayerMail = PayerMailJob & {
  userId: string;
  /** Not before (a receipt waits out the Undo window); default now. */
  startAfter?: Date;
};

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
    .map(({ kind, key, requestId, offset, paidAt, startAfter, with: companions }) => {
      const data: PayerMailJob = {
        kind,
        key,
        requestId,
        offset,
        paidAt,
        ...(companions ? { with: companions } : {}),
      };
      // startAfter from the app's clock: a send inside the app's transaction would otherwise take
      // the database's now(), which a test clock does not move on PostgreSQL (pg-boss moves only its own).
      return { data, key, startAfter: startAfter ?? now };
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
  /** The one outbound mail policy (mail/policy.ts): confirmation, suppression, allowances. */
  mailPolicy: MailPolicy;
  now: () => Date;
  publicUrl: string;
  secret: SigningSecret;
  log: Pick<FastifyBaseLogger, "warn">;
};

/** Why a payer email was not sent though nothing failed: what happened to the request since. */
export const SKIPPED = {
  notPending: "not sent: the request is no longer waiting for payment",
  notPaid: "not sent: the request was marked not paid",
  paidAgain: "not sent: the request is marked paid again",
} as const;

/** One payer email's attempt: the delivery it makes, and how to put it back for later (the hourly ceiling). */
export type PayerAttempt = {
  key: string;
  attempt: number;
  lastAttempt: boolean;
  domain: string;
  now: () => Date;
  /** Sends the same job again at `at`, this one ending (the delivery stays pending). */
  later: (at: Date) => Promise<void>;
};

/**
 * Sends one email to a payer, once in effect (effects.ts deliverOnce): the request, a reminder, a
 * receipt or a recurring occurrence, after the outbound policy allows it (mail/policy.ts). A
 * refusal (policy, or SMTP 5xx) fails the delivery for good, the requester's card says so, and
 * `final` hears why; past the hourly ceiling the email waits for the next hour; a passing fault
 * is thrown for the queue to retry (`final` hears it on the last attempt).
 */
export async function sendToPayer(
  deps: Pick<PayerMailDeps, "db" | "mailPolicy" | "log">,
  job: PayerAttempt,
  mail: { to: string; requesterId: string },
  send: (messageId: string) => Promise<void>,
  final: (error: string, refusal?: RefusalReason) => Promise<void> = async () => {},
): Promise<void> {
  const { db } = deps;
  const { key } = job;
  const delivery = await findDelivery(db, key);
  // Already sent or failed for good (a job run again): nothing to send, nothing to count.
  if (delivery?.state !== "pending") return;
  // Counted once per email, on its first attempt: a retry after a passing fault is the same email.
  const verdict = await deps.mailPolicy.check(
    { purpose: "payer", to: mail.to, requesterId: mail.requesterId },
    { recheck: delivery.attempts > 0 },
  );
  if ("waitUntil" in verdict) return job.later(verdict.waitUntil);
  if (!verdict.send) {
    await markFailed(db, key, verdict.message, job.attempt, true);
    await final(verdict.message, verdict.reason);
    deps.log.warn({ key, reason: verdict.reason }, "payer email not sent: the mail policy refused it");
    return;
  }
  await markAttempted(db, key, job.attempt);
  try {
    await deliverOnce(db, job, send, delivery);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isPermanentRefusal(error)) {
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
  await jobs.createQueue(PAYER_MAIL_QUEUE, "mail");
  await jobs.work<PayerMailJob>(
    PAYER_MAIL_QUEUE,
    async (job) => {
      const { kind, key, requestId, offset, paidAt } = job.data;
      // A reminder may carry the same person's other reminders: one email about them all.
      const members = [{ requestId, offset }, ...(job.data.with ?? [])];
      const found = await db
        .select({
          request: paymentRequests,
          requester: payerMailRequesterColumns,
        })
        .from(paymentRequests)
        .innerJoin(users, eq(users.id, paymentRequests.userId))
        .where(
          inArray(
            paymentRequests.id,
            members.map((member) => member.requestId),
          ),
        );
      const row = found.find((each) => each.request.id === requestId);
      if (!row?.request.payerEmail) return;
      // Sent (or given up) already, and run again: nothing to send, and nothing to mark.
      if ((await findDelivery(db, key))?.state !== "pending") return;
      const standing: { offset: number | undefined; request: typeof row.request }[] = [];
      for (const member of members) {
        const request = found.find((each) => each.request.id === member.requestId)?.request;
        if (request && !skipReason(kind, request, paidAt)) standing.push({ offset: member.offset, request });
        else if (kind === "reminder" && member.offset !== undefined)
          await markReminder(db, member.requestId, member.offset, "skipped");
      }
      const [first] = standing;
      if (!first) {
        await markFailed(
          db,
          key,
          skipReason(kind, row.request, paidAt) ?? SKIPPED.notPending,
          job.attempt,
          true,
        );
        return;
      }
      // One request's reminders due at once (after an outage) are one reminder about it.
      const requests = [...new Map(standing.map((member) => [member.request.id, member.request])).values()];
      const request = first.request;
      const facts = payerMailFacts(row.requester, request, publicUrl, deps.now());
      if (requests.length > 1) {
        facts.items = requests.map((each) => {
          const item = payerMailFacts(row.requester, each, publicUrl, deps.now());
          return {
            description: each.description,
            amount: item.amount,
            dueDate: each.dueDate,
            payUrl: item.payUrl,
          };
        });
        facts.amount = sumAmounts(
          facts.items.map((item) => item.amount),
          request.currency,
        );
        // One link for them all where they are all that is open with this number in this
        // currency: the person's "Request all" page asks for exactly this total. Otherwise each
        // has its own link, and the page of one asks for that one.
        const open = await balanceOf(db, request.userId, request.recipientPhone);
        const all = open.totals.find((total) => total.currency === request.currency);
        if (all?.count === requests.length && all.owed === facts.amount) {
          facts.payUrl = shortUrlFor(
            publicUrl,
            await balanceLinkCode(db, request.userId, request.recipientPhone, request.currency),
          );
          facts.payAll = true;
        }
      }
      const final = async (error: string, refusal?: RefusalReason) => {
        if (kind !== "reminder") return;
        // A mailbox that asked for no more mail was not failed: the card says the payer stopped it.
        for (const member of standing) {
          if (member.offset === undefined) continue;
          const state = refusal === "suppressed" ? "skipped" : "failed";
          await markReminder(db, member.request.id, member.offset, state, error);
        }
      };
      await sendToPayer(
        deps,
        {
          ...job,
          key,
          domain,
          now: deps.now,
          later: async (at) => {
            await jobs.send(PAYER_MAIL_QUEUE, job.data, { key: `${key}@${at.getTime()}`, startAfter: at });
          },
        },
        { to: facts.payerEmail, requesterId: request.userId },
        (messageId) =>
          mailer.deliver({
            // Several requests' stop links would not fit one button: theirs is "No more emails from …".
            ...payerMail(
              kind,
              facts,
              linksFor(publicUrl, secret, request, { reminders: requests.length === 1 }),
            ),
            messageId,
          }),
        final,
      );
    },
    SENDERS,
  );
}

/** Why this email no longer holds: a reminder of a request that is not pending, a receipt of a payment since undone. */
function skipReason(
  kind: PayerMailKind,
  request: { status: string; paidAt: Date | null },
  paidAt: string | undefined,
): string | null {
  if (kind === "reminder" && request.status !== "pending") return SKIPPED.notPending;
  // A receipt holds while the payment it was decided for stands (an Undo clears paidAt).
  if (kind === "receipt" && (request.status !== "paid" || request.paidAt?.toISOString() !== paidAt))
    return SKIPPED.notPaid;
  // A correction holds unless the request is paid again (its own receipt follows).
  if (kind === "correction" && request.status === "paid") return SKIPPED.paidAgain;
  return null;
}

async function markReminder(
  db: Db,
  requestId: string,
  offset: number,
  state: "skipped" | "failed",
  error?: string,
): Promise<void> {
  await db
    .update(reminders)
    .set({ state, ...(error ? { error: error.slice(0, 500) } : {}) })
    .where(and(eq(reminders.requestId, requestId), eq(reminders.offsetDays, offset)));
}

/** Marks every scheduled reminder of a request skipped: the payer or the requester stopped them (the first to stop is kept). */
export async function stopReminders(
  tx: Db,
  requestId: string,
  now: Date,
  by: "payer" | "requester",
): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({
      remindersStoppedAt: sql`coalesce(${paymentRequests.remindersStoppedAt}, ${now.toISOString()}::timestamptz)`,
      remindersStoppedBy: sql`coalesce(${paymentRequests.remindersStoppedBy}, ${by})`,
    })
    .where(eq(paymentRequests.id, requestId));
  await tx
    .update(reminders)
    .set({ state: "skipped", doneAt: now })
    .where(and(eq(reminders.requestId, requestId), eq(reminders.state, "scheduled")));
}
