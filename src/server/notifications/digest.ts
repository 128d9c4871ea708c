import type { I18n } from "@lingui/core";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import { notificationSettings, paymentRequests, users } from "#server/db/schema.ts";
import type { JobQueue } from "#server/queue/queue.ts";
import { english } from "#shared/i18n/i18n-for.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { localDate, localMinutes } from "#shared/schedule/zoned.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";
import type { Notify } from "./notify";

const DIGEST_QUEUE = "notification-digest";

/** "3 requests pending, $85.00 outstanding" (the daily digest), in `i18n`'s language. */
export function digestTitle(count: number, outstanding: string, i18n: I18n = english()): string {
  const amount = formatMoney(outstanding, undefined, intlLocaleOf(i18n.locale));
  return i18n._(
    "{count, plural, one {# request pending, {amount} outstanding} other {# requests pending, {amount} outstanding}}",
    {
      count,
      amount,
    },
  );
}

/**
 * The daily digest: for each user whose chosen hour is the current hour in their zone, one
 * notification keyed `digest:<userId>:<localDate>` (so however many processes or runs in that
 * hour ask, it is one per day), skipped when nothing is pending. Returns how many were asked.
 */
export async function sendDigests(db: Db, notify: Notify, now: Date): Promise<number> {
  const candidates = await db
    .select({
      userId: notificationSettings.userId,
      hour: notificationSettings.digestHour,
      zone: users.timeZone,
    })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(isNotNull(notificationSettings.digestHour));
  let asked = 0;
  for (const candidate of candidates) {
    const zone = candidate.zone ?? DEFAULT_TIME_ZONE;
    if (Math.floor(localMinutes(now, zone) / 60) !== candidate.hour) continue;
    const [totals] = await db
      .select({
        count: sql<number>`count(*)::int`,
        outstanding: sql<string>`coalesce(sum(${paymentRequests.amount}), 0)::text`,
      })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, candidate.userId), eq(paymentRequests.status, "pending")));
    if (!totals || totals.count === 0) continue;
    const { count, outstanding } = totals;
    await notify({
      userId: candidate.userId,
      event: "digest",
      key: `digest:${candidate.userId}:${localDate(now, zone)}`,
      say: (i18n) => {
        const title = digestTitle(count, outstanding, i18n);
        return {
          title,
          body: i18n._("{summary}. Open Collect to see who has not paid yet.", { summary: title }),
        };
      },
      url: "/",
    });
    asked += 1;
  }
  return asked;
}

/**
 * Runs the digest at the top of every hour (pg-boss cron: one job per hour across processes).
 * Starts in the background (the app answers before pg-boss is up); the promise settles when the
 * schedule is set or has failed (logged), and never rejects.
 */
export function scheduleDigest(
  jobs: JobQueue,
  db: Db,
  notify: Notify,
  clock: Clock,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<void> {
  async function start() {
    await jobs.createQueue(DIGEST_QUEUE, { retryLimit: 2 });
    await jobs.work(DIGEST_QUEUE, async () => {
      await sendDigests(db, notify, clock.now());
    });
    await jobs.schedule(DIGEST_QUEUE, "0 * * * *");
  }
  return start().catch((error: unknown) => {
    log.error({ err: error }, "the daily digest did not start");
  });
}
