import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/db/schema.ts";
import type { SigningSecret } from "#server/lib/signed-token.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import type { MailPolicy } from "#server/mail/policy.ts";
import type { PushSender } from "#server/push/push-sender.ts";
import {
  claimDelivery,
  deliverOnce,
  deliveryAttempt,
  findDelivery,
  markAttempted,
  markFailed,
  markSent,
} from "#server/queue/effects.ts";
import { type JobQueue, SENDERS } from "#server/queue/queue.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { directionOf, type Locale, localeOr } from "#shared/i18n/locales.ts";
import { quietHoursEnd } from "#shared/schedule/quiet-hours.ts";
import { NOTIFICATION_EVENT_LABELS } from "#shared/schemas/notifications.ts";
import type { PushEvent } from "#shared/schemas/push.ts";
import { loadPrefs } from "./settings";
import { unsubscribeToken, unsubscribeUrl } from "./unsubscribe";

/** A notification's words: its email's subject and first paragraph, its push's title and text. */
export type NotificationText = { title: string; body: string };

/** Something the requester should hear about wherever they are (docs/decisions/024-chasing.md). */
export type Notification = {
  userId: string;
  event: PushEvent;
  /** Unique per notification (e.g. `claim:<requestId>`): one delivery per channel, however often it is asked. */
  key: string;
  /** Its words in a language: written in the requester's (Profile → Language) when it is asked for. */
  say: (i18n: I18n) => NotificationText;
  /** A path in the app the notification opens (e.g. `/?request=<id>`). */
  url: string;
};

/** What the queue carries: a notification in its reader's words (`locale`: absent in jobs queued before languages, English). */
type Written = Omit<Notification, "say"> & NotificationText & { locale?: Locale };

/** Asks for a notification; with `tx` it is asked only if that transaction commits. */
export type Notify = (notification: Notification, options?: { tx?: Db }) => Promise<void>;

const EMAIL_QUEUE = "notify";
const PUSH_QUEUE = "notify-push";

type PushJob = { notification: Written; subscriptionId: string };

/** The delivery keys of one notification: one per channel, and per device for push. */
export const emailKey = (key: string) => `${key}:email`;
export const pushKey = (key: string, subscriptionId: string) => `${key}:push:${subscriptionId}`;

/**
 * Notifications go through the job queue. `notify` reads the user's settings (Profile →
 * Notifications) and records the decision: a `delivery` row per channel that is on, keyed
 * `<key>:email` and `<key>:push:<subscriptionId>`, and one job per row, in the caller's
 * transaction when given. The workers send each exactly once in effect (queue/effects.ts). Email
 * goes at once; push waits for the end of the user's quiet hours (`startAfter`).
 */
export function startNotifications(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  mailPolicy: MailPolicy;
  push: PushSender;
  clock: Clock;
  publicUrl: string;
  secret: SigningSecret;
  log: FastifyBaseLogger;
}): Notify & { started: Promise<void> } {
  const { db, jobs, mailer, mailPolicy, push, clock, publicUrl, secret, log } = deps;
  const domain = new URL(publicUrl).hostname;
  // The queues and workers start beside the rest of the app (it answers before pg-boss is up).
  const started = start();
  started.catch((error: unknown) => log.error({ err: error }, "notifications did not start"));
  async function start() {
    // Both asked for at once, as the app is built: a send waits for its queue (queue.ts).
    await Promise.all([
      jobs.createQueue(EMAIL_QUEUE, "mail"),
      // Push services throttle with 429 and Retry-After: a few spaced retries, then it is old news.
      jobs.createQueue(PUSH_QUEUE, {
        retryLimit: 3,
        retryDelaySeconds: 60,
        retryDelayMaxSeconds: 30 * 60,
      }),
    ]);

    await jobs.work<Written>(
      EMAIL_QUEUE,
      async (job) => {
        const notification = job.data;
        const prefs = await loadPrefs(db, notification.userId);
        if (!prefs) return;
        const key = emailKey(notification.key);
        const delivery = await findDelivery(db, key);
        if (delivery?.state !== "pending") return;
        // The one outbound policy (mail/policy.ts): a confirmed address, not suppressed, within its hourly allowance.
        const verdict = await mailPolicy.check(
          { purpose: "notification", to: prefs.email, userId: notification.userId },
          { recheck: delivery.attempts > 0 },
        );
        if (!verdict.send) {
          const why = "message" in verdict ? verdict.message : "not sent";
          await markFailed(db, key, why, job.attempt, true);
          return;
        }
        await markAttempted(db, key, job.attempt);
        const link = new URL(notification.url, publicUrl).toString();
        const unsubscribe = unsubscribeUrl(
          publicUrl,
          unsubscribeToken(secret, notification.userId, notification.event),
        );
        const locale = localeOr(notification.locale);
        const i18n = i18nFor(locale);
        const label = i18n._(NOTIFICATION_EVENT_LABELS[notification.event]);
        await deliverOnce(db, deliveryAttempt(job, key, { domain, clock }), (messageId) =>
          mailer.deliver({
            to: prefs.email,
            subject: notification.title,
            text: [
              notification.body,
              i18n._("Open it in Collect: {link}", { link }),
              `${i18n._('To stop these emails ("{label}"), open {url}', { label, url: unsubscribe })}\n`,
            ].join("\n\n"),
            html: [
              `<div lang="${locale}" dir="${directionOf(locale)}">`,
              `<p>${escapeHtml(notification.body)}</p>`,
              `<p><a href="${escapeHtml(link)}">${escapeHtml(i18n._("Open in Collect"))}</a></p>`,
              `<p style="color:#666;font-size:12px">${escapeHtml(i18n._('You get this because "{label}" is on in Profile → Notifications.', { label }))} `,
              `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(i18n._("Stop these emails"))}</a></p></div>`,
            ].join(""),
            messageId,
            headers: {
              "List-Unsubscribe": `<${unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }),
        );
      },
      SENDERS,
    );

    await jobs.work<PushJob>(
      PUSH_QUEUE,
      async (job) => {
        const { notification, subscriptionId } = job.data;
        const key = pushKey(notification.key, subscriptionId);
        const delivery = await findDelivery(db, key);
        if (delivery?.state !== "pending") return;
        const [target] = await db
          .select()
          .from(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, notification.userId)),
          );
        if (!target) {
          // The device unsubscribed (or was removed) while the push waited: nothing to send it to.
          await markFailed(db, key, "The subscription is gone.", job.attempt, true);
          return;
        }
        const result = await push.send(
          target,
          {
            title: notification.title,
            body: notification.body,
            url: notification.url,
            event: notification.event,
            tag: notification.key.slice(0, 64),
          },
          {
            urgency: notification.event === "digest" ? "low" : "normal",
            // RFC 8030 §5.4: a resend after a crash (sent, not yet marked) replaces the first while
            // it waits at the push service; the tag makes the device show one notification anyway.
            topic: createHash("sha256").update(key).digest("base64url").slice(0, 32),
          },
        );
        if (result.kind === "sent") {
          await markSent(db, key, clock.now(), { attempts: job.attempt });
          await db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: clock.now() })
            .where(eq(pushSubscriptions.id, subscriptionId));
          return;
        }
        if (result.kind === "gone") {
          // 404/410: the browser dropped it. Its row goes; so does every later push to it.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
          await markFailed(db, key, "The push service says the subscription is gone.", job.attempt, true);
          log.info(
            { event: notification.event },
            "push subscription removed: the push service says it is gone",
          );
          return;
        }
        const message = `The push service refused it${result.status ? ` (${result.status})` : ""}.`;
        const final = !result.retryable || job.lastAttempt;
        await markFailed(db, key, message, job.attempt, final);
        if (!final) throw new Error(message); // retried with backoff by the queue
      },
      SENDERS,
    );
  }

  const notify: Notify = async ({ say, ...asked }, { tx } = {}) => {
    await started;
    const run = async (db: Db) => {
      const prefs = await loadPrefs(db, asked.userId);
      if (!prefs) return;
      const locale = localeOr(prefs.language);
      const notification: Written = { ...asked, ...say(i18nFor(locale)), locale };
      const now = clock.now();
      const wants = prefs.channels[notification.event];
      if (
        wants.email &&
        (await claimDelivery(db, emailKey(notification.key), "email", now, notification.userId))
      ) {
        await jobs.send(EMAIL_QUEUE, notification, { key: emailKey(notification.key), tx: db });
      }
      if (!wants.push || !push.enabled) return;
      const devices = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, notification.userId));
      const resumeAt = quietHoursEnd(now, prefs.timeZone, prefs.quietHours);
      for (const device of devices) {
        const key = pushKey(notification.key, device.id);
        if (!(await claimDelivery(db, key, "push", now, notification.userId))) continue;
        const job: PushJob = { notification, subscriptionId: device.id };
        await jobs.send(PUSH_QUEUE, job, {
          key,
          tx: db,
          ...(resumeAt.getTime() > now.getTime() ? { startAfter: resumeAt } : {}),
        });
      }
    };
    if (tx) await run(tx);
    else await db.transaction(run);
  };
  // The app's close waits for this before it stops the queue (app.ts backgroundStarts): a close
  // during the start otherwise registered the workers on a stopped queue ("Workers are disabled").
  return Object.assign(notify, { started });
}
