import { z } from "zod";

/**
 * Webhooks (docs/api.md): Collect POSTs each event an endpoint subscribed to, signed as the
 * Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const WEBHOOK_EVENTS = [
  "request.created",
  "request.viewed",
  "request.claimed",
  "request.paid",
  "request.unpaid",
  "request.cancelled",
  "request.payment_recorded",
  "request.payment_undone",
  "series.occurrence_created",
  "reminder.sent",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as Profile → Developer lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "request.created": /*i18n*/ "A request is made",
  "request.viewed": /*i18n*/ "A payer opens their link",
  "request.claimed": /*i18n*/ "A payer says they've paid",
  "request.paid": /*i18n*/ "A request is marked paid",
  "request.unpaid": /*i18n*/ "A paid request is owed again (Undo, or Mark as not paid)",
  "request.cancelled": /*i18n*/ "A request is cancelled",
  "request.payment_recorded": /*i18n*/ "A part payment is recorded",
  "request.payment_undone": /*i18n*/ "A part payment is undone",
  "series.occurrence_created": /*i18n*/ "A recurring series makes its next request",
  "reminder.sent": /*i18n*/ "A reminder goes to a payer",
};

/** Why an endpoint is off (`disabledReason`), read after "Turned off:" on Profile → Developer. */
export const WEBHOOK_OFF_REASONS = {
  owner: /*i18n*/ "by you",
  failing: /*i18n*/ "its deliveries failed for a day",
  password: /*i18n*/ "your password was changed",
} as const;

export const WEBHOOK_URL_MAX = 500;

/** An endpoint's address: https (plain http only where the operator allows it: checked by the server). */
export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, /*i18n*/ "An endpoint address is at most 500 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, /*i18n*/ "Enter the endpoint's https:// address");

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, /*i18n*/ "Choose the events to send"))
  .min(1, /*i18n*/ "Choose the events to send")
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookSchema = z.strictObject({ url: WebhookUrlSchema, events: EventsSchema });
export type CreateWebhook = z.input<typeof CreateWebhookSchema>;

/** PATCH /api/webhooks/{id}: any of its address, its events, or turning it back on (or off). */
export const UpdateWebhookSchema = z.strictObject({
  url: WebhookUrlSchema.optional(),
  events: EventsSchema.optional(),
  enabled: z.boolean().optional(),
});

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  /** False once it was turned off, by its owner or after failing for a day (`disabledReason`). */
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation is still signed with, or null. */
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** POST /api/webhooks and …/rotate-secret: the signing secret, this once. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().describe("The signing secret (`whsec_…`): shown this once, never again"),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

/** One event sent (or being sent) to one endpoint: the delivery log. */
export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same on every attempt, so a receiver can skip repeats. */
  eventId: z.string(),
  type: z.enum([...WEBHOOK_EVENTS, "test"]),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** The endpoint's HTTP status at the last attempt, or null (no answer). */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in a sentence, or null. */
  lastError: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });

/** The body Collect POSTs: Standard Webhooks' `{type, timestamp, data}`. */
export const WebhookPayloadSchema = z.object({
  type: z.enum([...WEBHOOK_EVENTS, "test"]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
