import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, users } from "#server/db/schema.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import { LIMITS, MAIL_GROWTH } from "#server/limits.ts";
import { recipientKey } from "./recipient";
import { isSuppressed } from "./suppression";

/**
 * The one outbound mail policy: every email Collect sends for someone passes `check` before it is
 * handed to SMTP, whatever made it (a request, an occurrence, a reminder, a receipt, a
 * notification, the digest, a developer-access notice). Account mail (confirm, reset, the sign-up
 * notice) has its own silent limits and is not asked here: it must reach an unconfirmed address.
 *
 * For payer mail, in order:
 * 1. the requester's own address is confirmed (a throwaway account makes Collect mail no one);
 * 2. the mailbox has not asked for no more mail from this requester or from Collect;
 * 3. everyone's mail this hour is under MAIL_MAX_PER_HOUR, else it waits for the next hour;
 * 4. this requester has not mailed this mailbox its most today (payerMailPerPair);
 * 5. the first email of the day to a mailbox counts toward the account's new mailboxes
 *    (payerMailNewRecipients, grown by paid history: MAIL_GROWTH);
 * 6. unless this mailbox has paid this requester before, it counts toward the mailbox's
 *    allowance from everyone (payerMailPerRecipient).
 * Notifications go only to a confirmed account's own address, not suppressed from Collect, at
 * most `notificationMail` an hour. Counts are keyed by the mailbox (mail/recipient.ts).
 */
export type Outgoing =
  | { purpose: "payer"; to: string; requesterId: string }
  | { purpose: "notification"; to: string; userId: string };

export type Verdict =
  | { send: true }
  | { send: false; reason: RefusalReason; message: string }
  | { send: false; waitUntil: Date };

/** Why a message was not sent: the delivery's error, the card's words, and the metric's label. */
export const REFUSALS = {
  unconfirmed: "not sent: the requester's email address is not confirmed",
  suppressed: "not sent: the recipient asked for no more emails",
  pair: "not sent: this address has had its most emails from this requester for today",
  recipient: "not sent: this address has had its most emails from Collect for today",
  newRecipients: "not sent: this account has emailed its most new addresses for today",
  notifications: "not sent: too many notification emails this hour",
} as const;
export type RefusalReason = keyof typeof REFUSALS;

/** Whether a delivery's error is a policy refusal (final: no retry or `mail:retry` sends it). */
export const isRefusal = (error: string | null): boolean =>
  error !== null && Object.values(REFUSALS).includes(error as (typeof REFUSALS)[RefusalReason]);

type Outcome = "allowed" | "deferred" | RefusalReason;
const outcomes = new Map<Outcome, number>();
/** What the policy decided since start, by outcome (read by /metrics: collect_mail_policy_total). */
export const policyOutcomes = (): ReadonlyMap<Outcome, number> => outcomes;
const counted = <V extends Verdict>(outcome: Outcome, verdict: V): V => {
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  return verdict;
};
const refuse = (reason: RefusalReason) =>
  counted(reason, { send: false, reason, message: REFUSALS[reason] } as const);

export type MailPolicy = {
  /**
   * Decides one message, counting it toward its allowances. Call once per message, on its first
   * attempt: a retry after an SMTP fault is the same message (`recheck` skips the counting).
   */
  check(mail: Outgoing, options?: { recheck?: boolean }): Promise<Verdict>;
};

export function createMailPolicy(deps: {
  db: Db;
  limiter: Pick<Limiter, "hit" | "wait">;
  /** MAIL_MAX_PER_HOUR: payer emails from everyone in an hour. */
  maxPerHour: number;
  /** The app's clock: a deferred email's new start is on it (the queue runs on it). */
  now: () => Date;
  /**
   * False without SMTP_URL: nothing leaves the machine, so there is nothing to hold back (as a
   * request with a payer email needs no confirmed address then: shared-queries.ts mayEmailPayers).
   */
  mailEnabled: boolean;
  log: Pick<FastifyBaseLogger, "warn">;
}): MailPolicy {
  const { db, limiter } = deps;
  let warnedAt = 0;

  async function confirmed(userId: string): Promise<boolean> {
    const [row] = await db.select({ ok: users.emailVerified }).from(users).where(eq(users.id, userId));
    return row?.ok ?? false;
  }

  /** The requester's paid requests, and whether one of them was this mailbox's. */
  async function history(requesterId: string, key: string): Promise<{ paid: number; paidBy: boolean }> {
    const paidHere = and(
      eq(paymentRequests.userId, requesterId),
      eq(paymentRequests.status, "paid"),
      isNotNull(paymentRequests.payerEmail),
    );
    const [total] = await db.select({ n: count() }).from(paymentRequests).where(paidHere);
    const paid = total?.n ?? 0;
    if (paid === 0) return { paid, paidBy: false };
    const domain = key.slice(key.lastIndexOf("@") + 1);
    const domains = domain === "gmail.com" ? [domain, "googlemail.com"] : [domain];
    const candidates = await db
      .selectDistinct({ email: paymentRequests.payerEmail })
      .from(paymentRequests)
      .where(
        and(
          paidHere,
          sql`lower(split_part(${paymentRequests.payerEmail}, '@', 2)) in (${sql.join(
            domains.map((d) => sql`${d}`),
            sql`, `,
          )})`,
        ),
      )
      .limit(200);
    return { paid, paidBy: candidates.some((row) => row.email && recipientKey(row.email) === key) };
  }

  async function payer(mail: Extract<Outgoing, { purpose: "payer" }>, recheck: boolean): Promise<Verdict> {
    if (!(await confirmed(mail.requesterId))) return refuse("unconfirmed");
    if (await isSuppressed(db, mail.to, mail.requesterId)) return refuse("suppressed");
    if (recheck) return counted("allowed", { send: true });
    const waitMs = await limiter.wait("payerMailPerHour", "all", deps.maxPerHour);
    if (waitMs > 0) {
      if (Date.now() - warnedAt > 60_000) {
        warnedAt = Date.now();
        deps.log.warn(
          { maxPerHour: deps.maxPerHour, waitSeconds: Math.ceil(waitMs / 1000) },
          "mail ceiling reached: payer mail waits in the queue for the next hour (MAIL_MAX_PER_HOUR)",
        );
      }
      return counted("deferred", { send: false, waitUntil: new Date(deps.now().getTime() + waitMs) });
    }
    const key = recipientKey(mail.to);
    const pair = `${mail.requesterId}:${key}`;
    const sent = await limiter.hit("payerMailPerPair", pair);
    if (sent.waitMs > 0) return refuse("pair");
    const { paid, paidBy } = await history(mail.requesterId, key);
    // The pair's first email today: a mailbox new to this account today.
    if (sent.current <= 1) {
      const allowance = Math.min(
        MAIL_GROWTH.max,
        LIMITS.payerMailNewRecipients.max + MAIL_GROWTH.perPaidRequest * paid,
      );
      if ((await limiter.wait("payerMailNewRecipients", mail.requesterId, allowance)) > 0)
        return refuse("newRecipients");
    }
    if (!paidBy && (await limiter.wait("payerMailPerRecipient", key)) > 0) return refuse("recipient");
    return counted("allowed", { send: true });
  }

  return {
    async check(mail, { recheck = false } = {}) {
      if (!deps.mailEnabled) return counted("allowed", { send: true });
      if (mail.purpose === "payer") return payer(mail, recheck);
      if (!(await confirmed(mail.userId))) return refuse("unconfirmed");
      if (await isSuppressed(db, mail.to, null)) return refuse("suppressed");
      if (!recheck && (await limiter.wait("notificationMail", mail.userId)) > 0)
        return refuse("notifications");
      return counted("allowed", { send: true });
    },
  };
}
