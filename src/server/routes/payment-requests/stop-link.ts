import type { I18n } from "@lingui/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { readerLocale } from "#server/lib/reader-locale.ts";
import {
  acceptOneClickPosts,
  linkNotValid,
  sendOneClickPage,
  wantsPage,
} from "#server/mail/one-click-page.ts";
import { readStopToken } from "#server/reminders/reminders-mail.ts";
import { english, i18nFor } from "#shared/i18n/i18n-for.ts";
import { StopRemindersResponseSchema, StopTokenParamsSchema } from "#shared/schemas/payment-request.ts";
import { stopRequestReminders } from "./queries";

const stopped = (i18n: I18n) =>
  i18n._("Reminders for this request are stopped. You will not get another one.");
const badLink = (i18n: I18n) => i18n._("This link is not valid. Reminders were not changed.");

/**
 * "Stop reminders for this request" in a reminder email (docs/decisions/024-chasing.md): one click, no sign-in.
 * The token is an HMAC of the request id (reminders/reminders-mail.ts), so it stops that request's
 * reminders and nothing else. GET shows a page with a button (mail scanners follow links; only a
 * POST changes anything); the POST is also what a mail client's RFC 8058 one-click sends, with a
 * form body, from no page of ours (plugins/csrf.ts exempts this path).
 */
export const stopLinkRoutes =
  ({ db, clock, secret, limiter, notifier }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058's POST body is `List-Unsubscribe=One-Click` as a form; the token in the URL is all we read.
    acceptOneClickPosts(app);

    app.get(
      "/api/payment-requests/stop-reminders/:token",
      { schema: { params: StopTokenParamsSchema } },
      async (request, reply) => {
        // Public: bounded per address like the other one-click links (limits.ts `unsubscribe`).
        await limiter.check("unsubscribe", request.ip);
        // The form posts back to this same URL (action ""), so the page itself never repeats the token.
        const i18n = i18nFor(readerLocale(request));
        if (readStopToken(request.params.token, secret) === null)
          return sendOneClickPage(reply, linkNotValid(badLink(i18n), i18n), i18n, 404);
        return sendOneClickPage(
          reply,
          {
            title: i18n._("Stop reminders?"),
            paragraphs: [i18n._("You will get no more reminders about this request.")],
            form: { button: i18n._("Stop reminders for this request") },
          },
          i18n,
        );
      },
    );

    app.post(
      "/api/payment-requests/stop-reminders/:token",
      {
        schema: {
          params: StopTokenParamsSchema,
          response: { 200: StopRemindersResponseSchema },
        },
      },
      async (request, reply): Promise<{ message: string }> => {
        await limiter.check("unsubscribe", request.ip);
        const requestId = readStopToken(request.params.token, secret);
        const row = requestId
          ? await stopRequestReminders(db, requestId, clock.now(), { by: "payer" })
          : null;
        if (!row) throw new HttpError(404, badLink(english()));
        // The requester's open tabs show "Priya stopped reminders" at once.
        notifier.requestStopped(row.userId, row.id);
        // A person who pressed the page's button reads a page; a mail client's one-click reads nothing.
        if (wantsPage(request)) {
          const i18n = i18nFor(readerLocale(request));
          return sendOneClickPage(
            reply,
            { title: i18n._("Reminders stopped"), paragraphs: [stopped(i18n)] },
            i18n,
          );
        }
        return { message: stopped(english()) };
      },
    );
  };
