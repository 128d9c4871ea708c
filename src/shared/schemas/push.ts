import { z } from "zod";
import { pushEndpointProblem } from "./push-endpoint";
import { UNSAFE_TEXT } from "./user";

/** What a notification is about: one per notification event (docs/decisions/024-chasing.md). */
export const PUSH_EVENTS = ["view", "claim", "reminder", "recurring", "digest"] as const;
export const PushEventSchema = z.enum(
  PUSH_EVENTS,
  "Push event: one of view, claim, reminder, recurring, digest.",
);
export type PushEvent = z.infer<typeof PushEventSchema>;

/**
 * A push message's plaintext ceiling. Push services accept 4,096 bytes of encrypted record
 * (RFC 8291 §4: 3,993 bytes of plaintext once the aes128gcm header, tag and delimiter are taken);
 * 3 KB leaves room and keeps notifications short.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3 * 1024;

/** A push's title and body at most, in UTF-16 units (the push sender shortens longer ones). */
export const PUSH_TITLE_MAX = 100;
export const PUSH_BODY_MAX = 1000;

/** A same-origin path: starts with one "/", never "//" or "/\" (which browsers read as another host). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

/**
 * The JSON inside a push message. The server validates it before encrypting; the service worker
 * (src/client/public/sw-push.js, plain JS without zod) checks the same shape by hand before showing it.
 */
export const PushPayloadSchema = z.strictObject({
  title: z
    .string()
    .min(1, "Push title: required.")
    .max(PUSH_TITLE_MAX, `Push title: at most ${PUSH_TITLE_MAX} characters.`),
  body: z.string().max(PUSH_BODY_MAX, "Push body: at most 1,000 characters."),
  url: z
    .string()
    .max(500, "Push link: at most 500 characters.")
    .regex(SAME_ORIGIN_PATH, "Push link: a path on this site, starting with /."),
  tag: z.string().min(1).max(64, "Push tag: at most 64 characters.").optional(),
  event: PushEventSchema,
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const ENDPOINT_MAX = 1000;

/**
 * POST /api/notifications/push-subscriptions: what `PushSubscription.toJSON()` gives in the
 * browser (the endpoint on a browser's push service, push-endpoint.ts; keys are unpadded
 * base64url: p256dh a 65-byte uncompressed P-256 point, which always starts with 0x04 and so
 * with "B"; auth a 16-byte secret), plus an optional device name.
 */
export const pushSubscriptionInputSchema = (testHosts: readonly RegExp[] = []) =>
  z.strictObject({
    endpoint: z
      .string("Push subscription: the endpoint is required.")
      .max(ENDPOINT_MAX, `Push subscription: the endpoint is at most ${ENDPOINT_MAX} characters.`)
      // Only the browsers' push services: the server posts to it (push-endpoint.ts, SSRF).
      .superRefine((endpoint, ctx) => {
        const problem = pushEndpointProblem(endpoint, testHosts);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    // toJSON() includes it (null in every browser today); accepted so the client can post toJSON() as is.
    expirationTime: z.number().nullish(),
    keys: z.strictObject(
      {
        p256dh: z
          .string("Push subscription: the p256dh key is required.")
          .regex(/^B[A-Za-z0-9_-]{86}$/, "Push subscription: the p256dh key must be 65 bytes in base64url."),
        auth: z
          .string("Push subscription: the auth secret is required.")
          .regex(/^[A-Za-z0-9_-]{22}$/, "Push subscription: the auth secret must be 16 bytes in base64url."),
      },
      "Push subscription: the keys are required.",
    ),
    deviceLabel: z
      .string()
      .trim()
      .min(1, /*i18n*/ "Device name: at least 1 character.")
      .max(80, /*i18n*/ "Device name: at most 80 characters.")
      .refine((label) => !UNSAFE_TEXT.test(label), /*i18n*/ "Device name: one line of plain text, please.")
      .optional(),
  });
/** What the API takes: the browsers' push services only (the tests' app may add hosts, routes/notifications). */
export const PushSubscriptionInputSchema = pushSubscriptionInputSchema();
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;
