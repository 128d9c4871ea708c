import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, users, webhookDeliveries, webhookEndpoints } from "#server/db/schema.ts";
import { toPaymentRequest } from "#server/db/shared-queries.ts";
import type { AccountMail } from "#server/mail/account-mail.ts";
import { type JobQueue, retriesToSpan } from "#server/queue/queue.ts";
import { WEBHOOK_OFF_REASONS, type WebhookEvent } from "#shared/schemas/webhook.ts";
import type { AddressPolicy } from "./address";
import { postWebhook } from "./post";
import { signedHeaders } from "./signature";

/**
 * Webhooks (docs/api.md): each event an endpoint subscribed to becomes one `webhook_delivery` row
 * and one job, in the transaction that made the event, so the event is sent if and only if it
 * happened. The job POSTs the stored body, signed (signature.ts), and is retried with a doubling
 * wait for about a day; the row keeps the log. Every attempt of one event carries the same
 * `webhook-id`: a receiver that saw it skips it (a process killed after the POST, before its
 * commit, sends it again — Standard Webhooks' at-least-once, and exactly once per id).
 */

const QUEUE = "webhook";

/** After an attempt that got no answer, the endpoint's other events wait this long before their next try. */
const SILENCE_MS = 60_000;

/** How long the delivery log keeps an event (its body holds the payer's name and number). */
export const DELIVERY_KEPT_DAYS = 30;

/**
 * Deletes deliveries older than DELIVERY_KEPT_DAYS that are no longer being tried: the log is a
 * month deep, and a payer's details do not sit in it for ever. Safe in several processes.
 */
export async function sweepOldDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.state, "pending")))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

export type WebhookSettings = {
  /** WEBHOOK_ALLOW_ADDRESSES as a policy (address.ts). */
  policy: AddressPolicy;
  /** The first retry's wait; it doubles each time, up to an hour (WEBHOOK_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
  /** How long an event is retried before it is given up, and its endpoint turned off (WEBHOOK_GIVE_UP_HOURS). */
  giveUpAfterSeconds: number;
  /** The queue's cap on any retry's wait (JOBS_RETRY_DELAY_MAX_SECONDS): tests shorten it. */
  retryDelayMaxSeconds?: number;
  /** One attempt's whole budget (post.ts POST_TIMEOUT_MS); tests shorten it. */
  postTimeoutMs?: number;
};

/** One event, as a feature tells it. `key` names it for good: the same key is one event, however often told. */
export type EventInput = {
  userId: string;
  type: WebhookEvent | "test";
  key: string;
  data: Record<string, unknown>;
};

/** The `webhook-id` of an event: derived from its key, so a retried emitter makes the same id. */
export const eventIdFor = (key: string) =>
  `msg_${createHash("sha256").update(key).digest("base64url").slice(0, 27)}`;

type DeliveryJob = { deliveryId: string };

export type Webhooks = {
  /**
   * Records the event for each of the user's endpoints that takes it, in `tx`: nothing when it
   * has none (one indexed read). `endpointId` narrows it to one (a test event).
   */
  emit(tx: Db, event: EventInput, endpointId?: string): Promise<string[]>;
  /** The same for a request's event: its data is the request as the API answers it. */
  emitRequest(
    tx: Db,
    event: {
      userId: string;
      type: WebhookEvent;
      key: string;
      requestId: string;
      extra?: Record<string, unknown>;
    },
  ): Promise<void>;
  /** Which of these accounts have an endpoint on (one read for a batch of events). */
  usersWithEndpoints(tx: Db, userIds: readonly string[]): Promise<Set<string>>;
  /** Sends a delivered or given-up delivery again now (the log's Resend); false while it is still being tried. */
  resend(deliveryId: string): Promise<boolean>;
  started: Promise<void>;
};

export function startWebhooks(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  publicUrl: string;
  accountMail: AccountMail;
  settings: WebhookSettings;
  log: FastifyBaseLogger;
}): Webhooks {
  const { db, jobs, clock, publicUrl, accountMail, settings, log } = deps;
  const cap = Math.min(3_600, settings.retryDelayMaxSeconds ?? Number.POSITIVE_INFINITY);
  const first = Math.min(settings.retryDelaySeconds, cap);

  const started = (async () => {
    await jobs.createQueue(QUEUE, {
      retryLimit: retriesToSpan(settings.giveUpAfterSeconds, first, cap),
      retryDelaySeconds: first,
      retryDelayMaxSeconds: cap,
    });
    await jobs.work<DeliveryJob>(QUEUE, (job) => attempt(job.data.deliveryId, job.lastAttempt), {
      batchSize: 10,
      concurrency: 1,
      paced: true,
    });
  })();
  started.catch((error: unknown) => log.error({ err: error }, "webhooks did not start"));

  /** One attempt of one delivery; throws to have the queue retry it. */
  async function attempt(deliveryId: string, lastAttempt: boolean): Promise<void> {
    const [row] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (row?.delivery.state !== "pending") return;
    const { delivery, endpoint } = row;
    const now = clock.now();
    if (endpoint.disabledAt) {
      await record(deliveryId, now, { error: "The endpoint is turned off." }, "failed");
      return;
    }
    // An endpoint that just left an attempt unanswered (a timeout holds a sender for seconds) is
    // not tried again for a while: its other events wait their retry instead of each holding a
    // sender, so one silent endpoint cannot slow every account's webhooks.
    if (!lastAttempt && (await silentLately(endpoint.id, deliveryId, now))) {
      throw new Error("the endpoint left an attempt unanswered a moment ago: tried later");
    }
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      secrets.push(endpoint.previousSecret);
    }
    const timestamp = Math.floor(now.getTime() / 1000);
    const result = await postWebhook(
      endpoint.url,
      signedHeaders(secrets, delivery.eventId, timestamp, delivery.payload),
      delivery.payload,
      settings.policy,
      settings.postTimeoutMs,
    );
    const delivered = "status" in result && result.status >= 200 && result.status < 300;
    await record(
      deliveryId,
      clock.now(),
      result,
      delivered ? "delivered" : lastAttempt ? "failed" : "pending",
    );
    if (delivered) return;
    if (lastAttempt) {
      await turnOffIfFailing(endpoint.id, delivery.createdAt);
      return;
    }
    throw new Error("status" in result ? `endpoint answered ${result.status}` : result.error);
  }

  /** Whether the endpoint's latest attempt, within the last SILENCE_MS, got no answer at all. */
  async function silentLately(endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
    const [latest] = await db
      .select({ status: webhookDeliveries.lastStatus, error: webhookDeliveries.lastError })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          ne(webhookDeliveries.id, deliveryId),
          gt(webhookDeliveries.lastAttemptAt, new Date(now.getTime() - SILENCE_MS)),
        ),
      )
      .orderBy(desc(webhookDeliveries.lastAttemptAt))
      .limit(1);
    return latest !== undefined && latest.status === null && latest.error !== null;
  }

  async function record(
    deliveryId: string,
    at: Date,
    result: { status: number } | { error: string },
    state: "pending" | "delivered" | "failed",
  ) {
    await db
      .update(webhookDeliveries)
      .set({
        state,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: at,
        lastStatus: "status" in result ? result.status : null,
        lastError:
          "error" in result
            ? result.error
            : result.status >= 300
              ? `The endpoint answered HTTP ${result.status}.`
              : null,
        ...(state === "delivered" ? { deliveredAt: at } : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
  }

  /**
   * An event given up after a day of tries turns its endpoint off, unless something reached it
   * meanwhile: its owner is emailed once, and nothing more is queued for it until turned back on.
   */
  async function turnOffIfFailing(endpointId: string, since: Date) {
    const [off] = await db
      .update(webhookEndpoints)
      .set({ disabledAt: clock.now(), disabledReason: WEBHOOK_OFF_REASONS.failing })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          isNull(webhookEndpoints.disabledAt),
          sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} d WHERE d.endpoint_id = ${endpointId}
                AND d.delivered_at >= ${since})`,
        ),
      )
      .returning({ userId: webhookEndpoints.userId, url: webhookEndpoints.url });
    if (!off) return;
    log.warn({ endpointId }, "webhook endpoint turned off after a day of failures");
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, off.userId));
    if (owner)
      await accountMail.send({ kind: "webhook-disabled", userId: off.userId, to: owner.email, url: off.url });
  }

  const emit: Webhooks["emit"] = async (tx, event, endpointId) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, event.userId),
          isNull(webhookEndpoints.disabledAt),
          endpointId ? eq(webhookEndpoints.id, endpointId) : undefined,
        ),
      );
    const targets = endpoints.filter((e) => event.type === "test" || e.events.includes(event.type));
    if (targets.length === 0) return [];
    const now = clock.now();
    const payload = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
    const eventId = eventIdFor(event.key);
    const made = await tx
      .insert(webhookDeliveries)
      .values(targets.map((e) => ({ endpointId: e.id, eventId, type: event.type, payload, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    await jobs.sendMany(
      QUEUE,
      made.map(({ id }) => ({ data: { deliveryId: id }, key: `webhook:${id}` })),
      { tx },
    );
    return made.map(({ id }) => id);
  };

  return {
    started,
    emit,
    async emitRequest(tx, { userId, type, key, requestId, extra }) {
      // The endpoints are read first: an account without any pays one indexed read, not two.
      const any = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.disabledAt)))
        .limit(1);
      if (any.length === 0) return;
      const [request] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
      if (!request) return;
      await emit(tx, {
        userId,
        type,
        key,
        data: { request: toPaymentRequest(request, publicUrl), ...extra },
      });
    },
    async usersWithEndpoints(tx, userIds) {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ userId: webhookEndpoints.userId })
        .from(webhookEndpoints)
        .where(
          and(inArray(webhookEndpoints.userId, [...new Set(userIds)]), isNull(webhookEndpoints.disabledAt)),
        );
      return new Set(rows.map((row) => row.userId));
    },
    async resend(deliveryId) {
      return db.transaction(async (tx) => {
        const reopened = await tx
          .update(webhookDeliveries)
          .set({ state: "pending" })
          .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.state, "pending")))
          .returning({ id: webhookDeliveries.id });
        if (reopened.length === 0) return false;
        // A new job each time (the key of the first is kept for a week).
        await jobs.send(QUEUE, { deliveryId }, { key: `webhook:${deliveryId}:${randomUUID()}`, tx });
        return true;
      });
    },
  };
}
