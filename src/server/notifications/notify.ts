import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { claimDelivery, deliverOnce, deliveryAttempt } from "#server/jobs/effects.ts";
import type { JobQueue, QueuedJob } from "#server/jobs/queue.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import type { PushEvent } from "#shared/schemas/push.ts";

/** Something the requester should hear about wherever they are (issue 22 item 1). */
export type Notification = {
  userId: string;
  event: PushEvent;
  /** Unique per notification (e.g. `claim:<requestId>`): one delivery per channel, however often it is asked. */
  key: string;
  title: string;
  body: string;
  /** A path in the app the notification opens (e.g. `/?request=<id>`). */
  url: string;
};

/** Asks for a notification; with `tx` it is asked only if that transaction commits. */
export type Notify = (notification: Notification, options?: { tx?: Db }) => Promise<void>;

const QUEUE = "notify";

/**
 * Notifications go through the job queue: `notify` records the decision (a `delivery` row per
 * channel, keyed) and enqueues one job; the worker sends each channel exactly once in effect
 * (jobs/effects.ts). Email is the channel every account has.
 */
export function startNotifications(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Notify {
  const { db, jobs, mailer, clock, publicUrl } = deps;
  const domain = new URL(publicUrl).hostname;
  const started = (async () => {
    await jobs.createQueue(QUEUE);
    await jobs.work<Notification>(QUEUE, deliver);
  })();
  started.catch((error: unknown) => deps.log.error({ err: error }, "notifications did not start"));
  async function deliver(job: QueuedJob<Notification>) {
    const notification = job.data;
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, notification.userId));
    if (!user) return;
    const link = new URL(notification.url, publicUrl).toString();
    await deliverOnce(db, deliveryAttempt(job, `${notification.key}:email`, { domain, clock }), (messageId) =>
      mailer.deliver({
        to: user.email,
        subject: notification.title,
        text: `${notification.body}\n\n${link}\n`,
        html: `<p>${escapeHtml(notification.body)}</p><p><a href="${escapeHtml(link)}">Open in Collect</a></p>`,
        messageId,
      }),
    );
  }
  return async (notification, { tx } = {}) => {
    const run = async (db: Db) => {
      const mine = await claimDelivery(
        db,
        `${notification.key}:email`,
        "email",
        clock.now(),
        notification.userId,
      );
      if (mine) await jobs.send(QUEUE, notification, { key: notification.key, tx: db });
    };
    if (tx) await run(tx);
    else await db.transaction(run);
  };
}
