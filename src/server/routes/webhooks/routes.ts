import { randomUUID } from "node:crypto";
import { lookup } from "node:dns/promises";
import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { users, webhookDeliveries, webhookEndpoints } from "#server/db/schema.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { CAPS } from "#server/limits.ts";
import { addressPolicy, addressProblem, urlProblem } from "#server/webhooks/address.ts";
import { newSecret } from "#server/webhooks/signature.ts";
import {
  CreateWebhookSchema,
  UpdateWebhookSchema,
  WEBHOOK_OFF_REASONS,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "#shared/schemas/webhook.ts";

export const TOO_MANY_WEBHOOKS = `You have ${CAPS.perAccount.webhooks} endpoints. Delete an endpoint before adding another.`;
/** After a rotation, the secret before it signs too for this long, so receivers can switch. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** How long saving an endpoint waits for its name to resolve (each delivery checks again). */
const LOOKUP_MS = 3_000;
/** The delivery log shows this many, newest first. */
const LOG_SIZE = 50;

type Endpoint = typeof webhookEndpoints.$inferSelect;
const toWebhook = (row: Endpoint) => ({
  id: row.id,
  url: row.url,
  events: row.events as z.infer<typeof WebhookSchema>["events"],
  createdAt: row.createdAt.toISOString(),
  enabled: row.disabledAt === null,
  disabledReason: row.disabledReason,
  previousSecretUntil: row.previousSecretUntil?.toISOString() ?? null,
});
type Delivery = typeof webhookDeliveries.$inferSelect;
const toDelivery = (row: Delivery) => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type as z.infer<typeof WebhookDeliverySchema>["type"],
  state: row.state,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
});

const ParamsSchema = z.object({ id: z.string().max(100) });
const DeliveryParamsSchema = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });

/**
 * Webhook endpoints (Profile → Developer, docs/api.md): saved, changed, rotated and removed with
 * the session cookie only (freshly checked); the delivery log with Resend; a test event.
 */
export const webhookRoutes = ({
  db,
  freshlySignedIn,
  clock,
  config,
  webhooks,
  limiter,
  requesters,
  accountMail,
}: AppContext): FastifyPluginAsyncZod => {
  const policy = addressPolicy(config.webhooks.allowAddresses);

  /** Why Collect will not post to `url`: its form, then what its name resolves to now (a later change is caught at the socket). */
  async function refuseAddress(url: string): Promise<void> {
    const problem = urlProblem(url, policy);
    if (problem) throw new HttpError(400, problem, { field: "url" });
    const { hostname, protocol } = new URL(url);
    // Bounded: a name server that never answers holds no request (and no thread of the pool) long.
    const addresses = await Promise.race([
      lookup(hostname.replace(/^\[|\]$/g, ""), { all: true }).catch(() => []),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_MS).unref()),
    ]);
    const refused = addresses.map((a) => addressProblem(a.address, policy, protocol)).find(Boolean);
    if (refused) throw new HttpError(400, refused, { field: "url" });
  }

  async function owned(tx: Db, userId: string, id: string): Promise<Endpoint> {
    const [row] = isUuid(id)
      ? await tx
          .select()
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      : [];
    if (!row) throw new HttpError(404, "Not found");
    return row;
  }

  return freshlySignedIn(async (app) => {
    // Whether the account has an endpoint on is kept with its settings (Requester.hasWebhooks):
    // this process forgets it at once, the others when the trigger's NOTIFY arrives.
    app.addHook("onResponse", async (request) => {
      if (request.method !== "GET" && request.user) requesters.forget(request.user.id);
    });
    app.get("/api/webhooks", { schema: { response: { 200: WebhookListSchema } } }, async (request) => {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, signedInUser(request).id))
        .orderBy(webhookEndpoints.createdAt);
      return { webhooks: rows.map(toWebhook) };
    });

    app.post(
      "/api/webhooks",
      { schema: { body: CreateWebhookSchema, response: { 201: WebhookWithSecretSchema } } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        await refuseAddress(request.body.url);
        const secret = newSecret();
        const row = await db.transaction(async (tx) => {
          // One account's adds in turn: the cap holds when two come at once.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
          const [{ value } = { value: 0 }] = await tx
            .select({ value: count() })
            .from(webhookEndpoints)
            .where(eq(webhookEndpoints.userId, userId));
          if (value >= CAPS.perAccount.webhooks) throw new HttpError(409, TOO_MANY_WEBHOOKS);
          const [inserted] = await tx
            .insert(webhookEndpoints)
            .values({
              userId,
              url: request.body.url,
              events: request.body.events,
              secret,
              createdAt: clock.now(),
            })
            .returning();
          return inserted as Endpoint;
        });
        // Its owner hears of it: every request's payer details will go to this address.
        const { email } = signedInUser(request);
        await accountMail.send({ kind: "webhook-added", userId, to: email, url: row.url });
        return reply.status(201).send({ ...toWebhook(row), secret });
      },
    );

    app.patch(
      "/api/webhooks/:id",
      { schema: { params: ParamsSchema, body: UpdateWebhookSchema, response: { 200: WebhookSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const endpoint = await owned(db, userId, request.params.id);
        const { url, events, enabled } = request.body;
        const moved = url !== undefined && url !== endpoint.url;
        if (moved) await refuseAddress(url);
        const [row] = await db
          .update(webhookEndpoints)
          .set({
            ...(url !== undefined ? { url } : {}),
            ...(events !== undefined ? { events } : {}),
            ...(enabled === true ? { disabledAt: null, disabledReason: null } : {}),
            ...(enabled === false && endpoint.disabledAt === null
              ? { disabledAt: clock.now(), disabledReason: WEBHOOK_OFF_REASONS.owner }
              : {}),
          })
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.userId, userId)))
          .returning();
        // A new address is as much news to the owner as a new endpoint.
        if (moved) {
          const { email } = signedInUser(request);
          await accountMail.send({ kind: "webhook-added", userId, to: email, url });
        }
        return toWebhook(row as Endpoint);
      },
    );

    app.delete(
      "/api/webhooks/:id",
      { schema: { params: ParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const endpoint = await owned(db, userId, request.params.id);
        await db
          .delete(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.userId, userId)));
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/webhooks/:id/rotate-secret",
      { schema: { params: ParamsSchema, response: { 200: WebhookWithSecretSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const endpoint = await owned(db, userId, request.params.id);
        const secret = newSecret();
        const [row] = await db
          .update(webhookEndpoints)
          .set({
            secret,
            previousSecret: endpoint.secret,
            previousSecretUntil: new Date(clock.now().getTime() + ROTATION_OVERLAP_MS),
          })
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.userId, userId)))
          .returning();
        return { ...toWebhook(row as Endpoint), secret };
      },
    );

    app.post(
      "/api/webhooks/:id/test",
      { schema: { params: ParamsSchema, response: { 202: WebhookDeliverySchema } } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const endpoint = await owned(db, userId, request.params.id);
        if (endpoint.disabledAt) throw new HttpError(409, "Turn the endpoint on to send it a test event.");
        await limiter.check("webhookSend", userId);
        const delivery = await db.transaction(async (tx) => {
          const [id] = await webhooks.emit(
            tx,
            {
              userId,
              type: "test",
              key: `test:${randomUUID()}`,
              data: {
                message: "A test event from Collect: your endpoint is reached, and its signature checks.",
              },
            },
            endpoint.id,
          );
          const [row] = await tx
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, id ?? ""));
          return row;
        });
        if (!delivery) throw new HttpError(409, "Turn the endpoint on to send it a test event.");
        return reply.status(202).send(toDelivery(delivery));
      },
    );

    app.get(
      "/api/webhooks/:id/deliveries",
      { schema: { params: ParamsSchema, response: { 200: WebhookDeliveryListSchema } } },
      async (request) => {
        const endpoint = await owned(db, signedInUser(request).id, request.params.id);
        const rows = await db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id))
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(LOG_SIZE);
        return { deliveries: rows.map(toDelivery) };
      },
    );

    app.post(
      "/api/webhooks/:id/deliveries/:deliveryId/resend",
      { schema: { params: DeliveryParamsSchema, response: { 202: WebhookDeliverySchema } } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const endpoint = await owned(db, userId, request.params.id);
        const { deliveryId } = request.params;
        const [row] = isUuid(deliveryId)
          ? await db
              .select()
              .from(webhookDeliveries)
              .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
          : [];
        if (!row) throw new HttpError(404, "Not found");
        if (endpoint.disabledAt) throw new HttpError(409, "Turn the endpoint on to resend its events.");
        await limiter.check("webhookSend", userId);
        // One chain of attempts at a time: a delivery still being tried is not started again.
        if (!(await webhooks.resend(row.id))) {
          throw new HttpError(
            409,
            "This event is still being sent: resend it once it has been delivered or given up.",
          );
        }
        return reply.status(202).send(toDelivery({ ...row, state: "pending" }));
      },
    );
  });
};
