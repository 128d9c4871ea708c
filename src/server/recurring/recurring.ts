import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Notifier } from "#server/db/channels.ts";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, recurringSeries, users } from "#server/db/schema.ts";
import { insertOccurrenceRequest } from "#server/db/shared-queries.ts";
import type { SigningSecret } from "#server/lib/signed-token.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { MailPolicy } from "#server/mail/policy.ts";
import type { Notify } from "#server/notifications/notify.ts";
import type { Webhooks } from "#server/webhooks/webhooks.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { occurrenceAt, occurrenceLabel, repeatsWords, sendDateOf } from "#shared/schedule/recurrence.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { DEFAULT_TIME_ZONE, followingOccurrence } from "#shared/schemas/recurring.ts";
import { claimDelivery, deliveryAttempt, markFailed, markSent, occurrenceKey } from "../queue/effects";
import { type JobQueue, SENDERS } from "../queue/queue";
import { linksFor, payerMail, payerMailFacts, payerMailRequesterColumns } from "../reminders/reminders-mail";
import { requesterOf, writeReminders } from "../reminders/reminders-schedule";
import { sendToPayer } from "../reminders/reminders-send";
import { readyNotice } from "./recurring-mail";

/**
 * Recurring requests (docs/decisions/023-job-queue.md and 024-chasing.md). Every minute, and at start, a sweep finds series
 * whose next occurrence's 9:00 (the requester's zone) has come, and makes each occurrence in one
 * transaction: the payment request, the series moved on, the delivery row and the follow-up job
 * (an email to the payer, or a notification to the requester). With several processes the row
 * lock on the series and the unique (series_id, occurrence_date) make a second attempt a no-op.
 */
export const RECURRING_SWEEP = "recurring-sweep";
export const RECURRING_EMAIL = "recurring-email";

export type RecurringDeps = {
  db: Db;
  jobs: JobQueue;
  notify: Notify;
  /** `request.created` and `series.occurrence_created` to the requester's endpoints (webhooks/webhooks.ts). */
  webhooks: Pick<Webhooks, "emitRequest">;
  mailer: Mailer;
  /** What every payer email must pass (mail/policy.ts). */
  mailPolicy: MailPolicy;
  secret: SigningSecret;
  clock: Clock;
  publicUrl: string;
  notifier?: Pick<Notifier, "requestCreated">;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
};

/** What the sweep needs: the occurrence's email is sent by its own job (sendOccurrenceEmail). */
type SweepDeps = Omit<RecurringDeps, "mailer" | "mailPolicy" | "secret">;

type EmailJob = { key: string; requestId: string };

/** The latest calendar date anywhere on Earth (UTC+14): no zone's due occurrence is later. */
const LATEST_ZONE = "Pacific/Kiritimati";
const BATCH = 200;

/**
 * Starts the sweep's queue, schedule and workers in the background (the app answers before
 * pg-boss is up). The promise settles when they are up or have failed (logged); it never rejects.
 */
export function startRecurring(deps: RecurringDeps): Promise<void> {
  const { jobs } = deps;
  async function start() {
    // Both asked for at once, as the app is built: a send waits for its queue (queue.ts).
    await Promise.all([
      jobs.createQueue(RECURRING_SWEEP, { retryLimit: 2, retryDelaySeconds: 10 }),
      jobs.createQueue(RECURRING_EMAIL, "mail"),
    ]);
    await jobs.work(RECURRING_SWEEP, async () => {
      await sweepRecurring(deps);
    });
    await jobs.work<EmailJob>(RECURRING_EMAIL, (job) => sendOccurrenceEmail(deps, job), SENDERS);
    await jobs.schedule(RECURRING_SWEEP, "* * * * *");
    await jobs.send(RECURRING_SWEEP, {});
  }
  return start().catch((error: unknown) => {
    deps.log.error({ err: error }, "recurring requests did not start");
  });
}

/** Makes every occurrence that is due now; returns how many this call made. */
export async function sweepRecurring(deps: SweepDeps): Promise<number> {
  const now = deps.clock.now();
  const latest = localDate(now, LATEST_ZONE);
  let made = 0;
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const page: {
      id: string;
      nextDate: string | null;
      sendDaysBefore: number | null;
      timeZone: string | null;
    }[] = await deps.db
      .select({
        id: recurringSeries.id,
        nextDate: recurringSeries.nextDate,
        sendDaysBefore: recurringSeries.sendDaysBefore,
        timeZone: users.timeZone,
      })
      .from(recurringSeries)
      .innerJoin(users, eq(users.id, recurringSeries.userId))
      .where(
        and(
          // A rent-grade occurrence goes out its days ahead of its date.
          lte(sql`${recurringSeries.nextDate} - coalesce(${recurringSeries.sendDaysBefore}, 0)`, latest),
          isNull(recurringSeries.pausedAt),
          isNull(recurringSeries.endedAt),
          after
            ? sql`(${recurringSeries.nextDate}, ${recurringSeries.id}) > (${after.date}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(recurringSeries.nextDate), asc(recurringSeries.id))
      .limit(BATCH);
    for (const row of page) {
      if (!row.nextDate) continue;
      const sendOn = sendDateOf(row.nextDate, row.sendDaysBefore);
      if (occurrenceAt(sendOn, row.timeZone ?? DEFAULT_TIME_ZONE) > now) continue;
      if (await makeOccurrence(deps, row.id, row.nextDate, now)) made++;
    }
    const last = page.at(-1);
    if (page.length < BATCH || !last?.nextDate) return made;
    after = { date: last.nextDate, id: last.id };
  }
}

/**
 * One occurrence, all or nothing. False when another process made it first, or the series was
 * paused, ended or moved on since the sweep read it.
 */
export async function makeOccurrence(
  deps: SweepDeps,
  seriesId: string,
  date: string,
  now: Date,
): Promise<boolean> {
  const { db, jobs, notify } = deps;
  const made = await db.transaction(async (tx) => {
    const [series] = await tx
      .select()
      .from(recurringSeries)
      .where(
        and(
          eq(recurringSeries.id, seriesId),
          eq(recurringSeries.nextDate, date),
          isNull(recurringSeries.pausedAt),
          isNull(recurringSeries.endedAt),
        ),
      )
      .for("update");
    if (!series) return null;
    const request = await insertOccurrenceRequest(tx, {
      userId: series.userId,
      seriesId,
      occurrenceDate: date,
      recipientName: series.recipientName,
      recipientPhone: series.recipientPhone,
      amount: series.amount,
      currency: series.currency,
      description: series.description,
      payerEmail: series.payerEmail,
      // Rent-grade: due on its date, sent ahead of it; its reminders follow the due date.
      dueDate: series.sendDaysBefore === null ? null : date,
      // The series' own reminder days, if it has them (its request then keeps them).
      reminderDays: series.reminderDays,
      createdAt: now,
    });
    if (!request) return null;
    // Its automatic reminders, like any request's: the requester's default days, else the rule.
    await writeReminders(tx, request, await requesterOf(tx, series.userId), now);
    const madeCount = series.madeCount + 1;
    await tx
      .update(recurringSeries)
      .set({ nextDate: followingOccurrence(series, date, madeCount), madeCount, updatedAt: now })
      .where(eq(recurringSeries.id, seriesId));
    const key = occurrenceKey(seriesId, date);
    const kind = series.payerEmail ? "recurring-payer-email" : "recurring-notify";
    if (await claimDelivery(tx, key, kind, now, series.userId)) {
      if (series.payerEmail) {
        await jobs.send(RECURRING_EMAIL, { key, requestId: request.id } satisfies EmailJob, { key, tx });
      } else {
        const say = readyNotice({ ...series, occurrenceDate: date });
        await notify(
          { userId: series.userId, event: "recurring", key, say, url: `/?request=${request.id}` },
          { tx },
        );
        // The notification has its own delivery rows (notifications/notify.ts): this one is done.
        await markSent(tx, key, now);
      }
    }
    const event = { userId: series.userId, requestId: request.id };
    await deps.webhooks.emitRequest(tx, {
      ...event,
      type: "request.created",
      key: `request.created:${request.id}`,
    });
    await deps.webhooks.emitRequest(tx, {
      ...event,
      type: "series.occurrence_created",
      key: `series.occurrence_created:${seriesId}:${date}`,
      extra: { seriesId, occurrenceDate: date },
    });
    return event;
  });
  if (made) deps.notifier?.requestCreated(made.userId, made.requestId);
  return made !== null;
}

/** Emails one occurrence to its payer, once in effect (queue/effects.ts deliverOnce). */
async function sendOccurrenceEmail(
  deps: RecurringDeps,
  job: { data: EmailJob; attempt: number; lastAttempt: boolean },
) {
  const { db, mailer, clock, publicUrl, jobs } = deps;
  const { key, requestId } = job.data;
  const [row] = await db
    .select({
      request: paymentRequests,
      series: { frequency: recurringSeries.frequency },
      requester: payerMailRequesterColumns,
    })
    .from(paymentRequests)
    .innerJoin(users, eq(users.id, paymentRequests.userId))
    .innerJoin(recurringSeries, eq(recurringSeries.id, paymentRequests.seriesId))
    .where(eq(paymentRequests.id, requestId));
  if (!row?.request.payerEmail || !row.request.occurrenceDate) return;
  if (row.request.status === "cancelled") {
    await markFailed(db, key, "The request was cancelled before its email was sent.", job.attempt, true);
    return;
  }
  const { request } = row;
  const payer = payerMailFacts(row.requester, request, publicUrl, clock.now());
  // The occurrence in the payer's words, as the rest of their email ("diciembre").
  const occurrence = occurrenceLabel(
    row.series.frequency,
    row.request.occurrenceDate,
    intlLocaleOf(payer.language),
  );
  const facts = {
    ...payer,
    occurrence,
    repeats: repeatsWords(row.series.frequency, i18nFor(payer.language)),
  };
  const mail = payerMail("occurrence", facts, linksFor(publicUrl, deps.secret, request));
  await sendToPayer(
    deps,
    {
      ...deliveryAttempt(job, key, { domain: new URL(publicUrl).hostname, clock }),
      later: async (at) => {
        await jobs.send(RECURRING_EMAIL, job.data, { key: `${key}@${at.getTime()}`, startAfter: at });
      },
    },
    { to: row.request.payerEmail, requesterId: request.userId },
    (messageId) => mailer.deliver({ ...mail, messageId }),
  );
}
