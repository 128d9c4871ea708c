import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import { languageOf } from "#server/db/shared-queries.ts";
import { claimDelivery, deliverOnce, deliveryAttempt } from "#server/queue/effects.ts";
import { isPermanentRefusal } from "#server/queue/permanent.ts";
import { JOBS_SCHEMA, type JobQueue, SENDERS } from "#server/queue/queue.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import type { Mailer } from "./mailer";
import {
  developerAccessMail,
  resetPasswordMail,
  signUpAttemptMail,
  verifyEmailMail,
  webhookDisabledMail,
} from "./messages";
import type { MailPolicy } from "./policy";

/** The queue of account mail: address confirmation, password reset, the sign-up notice, and developer access (a token made, an endpoint added or turned off). */
export const ACCOUNT_MAIL_QUEUE = "account-mail";

export type AccountMailKind =
  | "verify"
  | "reset"
  | "sign-up-notice"
  | "webhook-disabled"
  | "token-created"
  | "webhook-added";

/**
 * News about the account's developer access. Unlike confirmation and reset, nothing about it
 * needs to reach an unconfirmed address, so it is a notification to the outbound policy
 * (mail/policy.ts): a confirmed account's own address, not suppressed, within the hourly
 * allowance. Asked as it is queued (an unconfirmed account once mailed its address — someone
 * else's, perhaps — with every token it made).
 */
const NOTICES: ReadonlySet<AccountMailKind> = new Set(["webhook-disabled", "token-created", "webhook-added"]);

/**
 * What the job carries until the message has gone (then only `kind` is left: see forgetLink);
 * `locale`: the account's language when it was asked (absent in jobs queued before languages: English).
 */
type AccountMailJob = { kind: AccountMailKind; to?: string; url?: string; locale?: string };

export type AccountMail = {
  /**
   * Queues one message to `to` (an account's address), sent once in effect with a Message-ID
   * of its own. Never throws: a message that cannot be queued is logged, and the caller's answer
   * stays the same whether or not there was mail to send (enumeration-safe sign-up and reset).
   */
  send(mail: { kind: AccountMailKind; userId: string; to: string; url?: string }): Promise<void>;
  /** Settles once the queue and its worker are up, or failed to start (logged). */
  started: Promise<void>;
};

const render = (job: AccountMailJob, publicUrl: string) => {
  const to = job.to ?? "";
  const i18n = i18nFor(localeOr(job.locale));
  if (job.kind === "sign-up-notice") return signUpAttemptMail(to, publicUrl, i18n);
  // `url` is the endpoint's address here, not a link of ours; for a new token, its name.
  if (job.kind === "webhook-disabled") return webhookDisabledMail(to, job.url ?? "", publicUrl, i18n);
  if (job.kind === "token-created" || job.kind === "webhook-added") {
    const kind = job.kind === "token-created" ? "token" : "webhook";
    return developerAccessMail(to, { kind, name: job.url ?? "" }, publicUrl, i18n);
  }
  return job.kind === "reset"
    ? resetPasswordMail(to, job.url ?? "", i18n)
    : verifyEmailMail(to, job.url ?? "", i18n);
};

/**
 * Account mail goes through the job queue like every other message Collect sends: one SMTP error
 * used to lose it (it was sent after the answer, fire and forget). Each message gets a `delivery`
 * row (`account-mail:<kind>:<uuid>`, deleted with the account) and a job on ACCOUNT_MAIL_QUEUE in
 * one transaction; the worker sends it once in effect (queue/effects.ts deliverOnce) and retries
 * through an SMTP outage on MAIL_QUEUE_POLICY. The per-address allowances (limits.ts resetMail,
 * signUpNotice) are the caller's, before it asks (auth/auth-options.ts); developer notices ask
 * the outbound policy here (NOTICES).
 */
export function startAccountMail(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  mailPolicy: MailPolicy;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}): AccountMail {
  const { db, jobs, mailer, mailPolicy, clock, publicUrl, log } = deps;
  const domain = new URL(publicUrl).hostname;
  // Asked for as the app is built, like the other queues: a send waits for it (queue.ts).
  const started = (async () => {
    await jobs.createQueue(ACCOUNT_MAIL_QUEUE, "mail");
    await jobs.work<AccountMailJob>(
      ACCOUNT_MAIL_QUEUE,
      async (job) => {
        const key = job.key ?? "";
        try {
          await deliverOnce(db, deliveryAttempt(job, key, { domain, clock }), (messageId) =>
            mailer.deliver({ ...render(job.data, publicUrl), messageId }),
          );
        } catch (error) {
          // Refused for good (SMTP 5xx): no retry follows that would need the link.
          if (isPermanentRefusal(error)) await forgetLink(db, job.id);
          throw error;
        }
        // Sent, or never to be sent (sent before, failed for good, or its account is gone).
        await forgetLink(db, job.id);
      },
      // One after another, oldest first: a second reset link voids the first, so the mails must
      // arrive in the order they were asked for (ten side by side arrived in any order).
      { ...SENDERS, inOrder: true },
    );
  })();
  started.catch((error: unknown) => log.error({ err: error }, "account mail did not start"));

  return {
    started,
    async send({ kind, userId, to, url }) {
      const key = `account-mail:${kind}:${randomUUID()}`;
      try {
        if (NOTICES.has(kind)) {
          const verdict = await mailPolicy.check({ purpose: "notification", to, userId });
          if (!verdict.send) {
            log.info(
              { kind, reason: "reason" in verdict ? verdict.reason : "deferred" },
              "account mail not sent",
            );
            return;
          }
        }
        await started;
        await db.transaction(async (tx) => {
          const language = await languageOf(tx, userId);
          const data: AccountMailJob = {
            kind,
            to,
            ...(url ? { url } : {}),
            ...(language ? { locale: language } : {}),
          };
          if (await claimDelivery(tx, key, "account-email", clock.now(), userId)) {
            await jobs.send(ACCOUNT_MAIL_QUEUE, data, { key, tx });
          }
        });
      } catch (error) {
        log.error({ err: error, kind }, "account mail not queued");
      }
    },
  };
}

/**
 * Reset and confirmation links are secrets, and the job tables are kept for 7 days after a job
 * ends (and go into backups): once its message is out, the job keeps its kind only, not the
 * address or the link. The link cannot be rebuilt later instead (a confirmation link is a signed
 * token made as it is sent, that better-auth does not keep), so it rides in the job until then.
 * A job that gives up keeps them for `npm run mail:retry`: by then (24 h of retries, by default)
 * both links have expired (a reset link after 1 hour, a confirmation after 24).
 */
async function forgetLink(db: Db, jobId: string): Promise<void> {
  await db.execute(
    sql`update ${sql.identifier(JOBS_SCHEMA)}.job set data = jsonb_build_object('kind', data->'kind') where name = ${ACCOUNT_MAIL_QUEUE} and id = ${jobId}::uuid`,
  );
}
