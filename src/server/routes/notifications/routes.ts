import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { languageOf } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { acceptOneClickPosts, sendOneClickPage } from "#server/mail/one-click-page.ts";
import { loadPrefs } from "#server/notifications/settings.ts";
import { readUnsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { ErrorMessageSchema } from "#server/plugins/openapi.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import {
  NOTIFICATION_EVENT_LABELS,
  type NotificationSettings,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  PushSubscriptionSchema,
  TimeZoneInputSchema,
} from "#shared/schemas/notifications.ts";
import { IdParamsSchema } from "#shared/schemas/payment-request.ts";
import { PushSubscriptionInputSchema, pushSubscriptionInputSchema } from "#shared/schemas/push.ts";
import {
  deleteSubscription,
  listSubscriptions,
  saveSubscription,
  subscriptionsOf,
  turnOffEmail,
  updateSettings,
} from "./queries";

const ErrorSchema = ErrorMessageSchema;
/** The error answers every signed-in route may give (as `{ message, code }`), for the API reference. */
const SIGNED_IN_ERRORS = { 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_SET_UP = "Push notifications are not set up on this server.";
const DEVICE_NOT_FOUND = "Device not found";
/** An endpoint saved by another account, posted without that subscription's keys (queries.ts saveSubscription). */
const DEVICE_TAKEN = "This device already gets notifications for another account.";

/** Profile → Notifications (docs/decisions/024-chasing.md): settings, this device's Web Push, one-click unsubscribe. */
export const notificationRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(settingsRoutes(context));
    await app.register(unsubscribeRoutes(context));
  };

const settingsRoutes = ({ db, signedIn, push, clock, requesters }: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    async function settingsOf(userId: string): Promise<NotificationSettings> {
      const prefs = await loadPrefs(db, userId);
      if (!prefs) throw new HttpError(401, "Unauthorized");
      return {
        channels: prefs.channels,
        quietHours: prefs.quietHours,
        digestHour: prefs.digestHour,
        timeZone: prefs.timeZone,
        reminderDays: prefs.reminderDays,
        push: { configured: push.enabled, publicKey: push.publicKey },
        subscriptions: await listSubscriptions(db, userId),
      };
    }

    /** Saves, and drops this process's copy of the zone and reminder days at once (requesters). */
    async function update(userId: string, input: Parameters<typeof updateSettings>[2]): Promise<void> {
      await updateSettings(db, userId, input);
      requesters.forget(userId);
    }

    app.get(
      "/api/notifications/settings",
      { schema: { response: { 200: NotificationSettingsSchema, 401: ErrorSchema } } },
      async (request) => settingsOf(signedInUser(request).id),
    );

    app.put(
      "/api/notifications/settings",
      {
        schema: {
          body: NotificationSettingsInputSchema,
          response: { 200: NotificationSettingsSchema, ...SIGNED_IN_ERRORS },
        },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        await update(userId, request.body);
        return settingsOf(userId);
      },
    );

    // The signed-in app reports the browser's zone once per session (features/notifications).
    app.put(
      "/api/notifications/time-zone",
      { schema: { body: TimeZoneInputSchema, response: { 204: z.null(), ...SIGNED_IN_ERRORS } } },
      async (request, reply) => {
        await update(signedInUser(request).id, { timeZone: request.body.timeZone });
        return reply.status(204).send(null);
      },
    );

    // The browsers' push services only; a test app may add hosts (PushSenderOptions.testHosts).
    const subscriptionBody =
      push.testHosts.length > 0 ? pushSubscriptionInputSchema(push.testHosts) : PushSubscriptionInputSchema;
    app.post(
      "/api/notifications/push-subscriptions",
      {
        schema: {
          body: subscriptionBody,
          response: { 201: PushSubscriptionSchema, ...SIGNED_IN_ERRORS, 409: ErrorSchema },
        },
      },
      async (request, reply) => {
        if (!push.enabled) throw new HttpError(409, NOT_SET_UP);
        const saved = await saveSubscription(db, signedInUser(request).id, request.body);
        if (!saved) throw new HttpError(409, DEVICE_TAKEN);
        return reply.status(201).send(saved);
      },
    );

    app.delete(
      "/api/notifications/push-subscriptions/:id",
      {
        schema: {
          params: IdParamsSchema,
          response: { 204: z.null(), ...SIGNED_IN_ERRORS, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!UUID.test(id) || !(await deleteSubscription(db, signedInUser(request).id, id))) {
          throw new HttpError(404, DEVICE_NOT_FOUND);
        }
        return reply.status(204).send(null);
      },
    );

    // "Send a test notification": straight to each of the caller's devices, not through the
    // queue (the person is looking at the screen and waits for the buzz). Limited (limits.ts pushTest).
    app.post(
      "/api/notifications/push-test",
      {
        schema: {
          response: {
            200: z.object({ sent: z.number().int(), removed: z.number().int() }),
            ...SIGNED_IN_ERRORS,
            409: ErrorSchema,
          },
        },
      },
      async (request) => {
        if (!push.enabled) throw new HttpError(409, NOT_SET_UP);
        const userId = signedInUser(request).id;
        const devices = await subscriptionsOf(db, userId);
        if (devices.length === 0) throw new HttpError(409, "Turn on Notify this device first.");
        const i18n = i18nFor(localeOr(await languageOf(db, userId)));
        let sent = 0;
        let removed = 0;
        for (const device of devices) {
          const result = await push.send(device, {
            title: "Collect",
            body: i18n._("Notifications work on this device."),
            url: "/profile",
            event: "claim",
            tag: "test",
          });
          if (result.kind === "sent") sent += 1;
          if (result.kind === "gone") {
            await deleteSubscription(db, userId, device.id);
            removed += 1;
          }
        }
        request.log.info({ sent, removed, at: clock.now().toISOString() }, "test notification sent");
        return { sent, removed };
      },
    );
  });

const TokenParams = z.object({ token: z.string().max(200) });
const INVALID_LINK = "This unsubscribe link is not valid.";

/**
 * RFC 8058 one-click unsubscribe: the mailbox provider POSTs `List-Unsubscribe=One-Click` to the
 * link, with no session and from its own servers (csrf.ts exempts this path). The POST turns off
 * that one event's email; GET only shows a page with a button that POSTs, because mail scanners
 * follow links in messages and must not unsubscribe anyone by doing so.
 */
const unsubscribeRoutes =
  ({ db, secret, limiter }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // What mail clients send (RFC 8058 §3.1) and what the page's form sends: the body says
    // nothing the URL does not, so it is not read.
    acceptOneClickPosts(app);

    async function check(ip: string, token: string) {
      await limiter.check("unsubscribe", ip);
      const found = readUnsubscribeToken(secret, token);
      if (!found) throw new HttpError(404, INVALID_LINK);
      return found;
    }

    app.get(
      "/api/notifications/unsubscribe/:token",
      {
        schema: {
          params: TokenParams,
          response: { 200: z.string().describe("An HTML page"), 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId, event } = await check(request.ip, request.params.token);
        // The account's own language: the link is in its owner's email.
        const i18n = i18nFor(localeOr(await languageOf(db, userId)));
        const label = i18n._(NOTIFICATION_EVENT_LABELS[event]);
        return sendOneClickPage(
          reply,
          {
            title: i18n._("Stop these emails?"),
            paragraphs: [
              i18n._(
                "You will no longer get emails for “{label}”. Other notifications stay as they are; you can change them any time in Profile → Notifications.",
                { label },
              ),
            ],
            form: { button: i18n._("Stop these emails"), fields: { "List-Unsubscribe": "One-Click" } },
          },
          i18n,
        );
      },
    );

    app.post(
      "/api/notifications/unsubscribe/:token",
      {
        schema: {
          params: TokenParams,
          response: { 200: z.string().describe("An HTML page"), 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId, event } = await check(request.ip, request.params.token);
        if (!(await turnOffEmail(db, userId, event))) throw new HttpError(404, INVALID_LINK);
        const i18n = i18nFor(localeOr(await languageOf(db, userId)));
        const label = i18n._(NOTIFICATION_EVENT_LABELS[event]);
        return sendOneClickPage(
          reply,
          {
            title: i18n._("Emails stopped"),
            paragraphs: [
              i18n._(
                "You will no longer get emails for “{label}”. You can turn them back on in Profile → Notifications.",
                { label },
              ),
            ],
          },
          i18n,
        );
      },
    );
  };
