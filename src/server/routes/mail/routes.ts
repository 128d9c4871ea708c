import type { I18n } from "@lingui/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { readerLocale } from "#server/lib/reader-locale.ts";
import {
  acceptOneClickPosts,
  linkNotValid,
  sendOneClickPage,
  wantsPage,
} from "#server/mail/one-click-page.ts";
import { lift, newestRequestTo, readSuppressionToken, suppress } from "#server/mail/suppression.ts";
import { english, i18nFor } from "#shared/i18n/i18n-for.ts";

const TokenParams = z.object({ token: z.string().max(200) });
export const MAIL_STOP_ROUTE = "/api/mail/stop/:token";
const badLink = (i18n: I18n) => i18n._("This link is not valid. Nothing was changed.");

/** The pages' words: about all of Collect's emails, or one requester's. */
const words = (everyone: boolean, i18n: I18n) =>
  everyone
    ? {
        ask: i18n._("Stop all emails from Collect?"),
        done: i18n._("You will get no more emails from Collect."),
        undoNext: i18n._("You will get no more emails from Collect. You can undo this from the next page."),
        stopped: i18n._(
          "You will get no more emails from Collect. Whoever asked you for money is told on their screen.",
        ),
        resumed: i18n._("You can get emails from Collect again."),
      }
    : {
        ask: i18n._("Stop emails from this person?"),
        done: i18n._("You will get no more emails from this person through Collect."),
        undoNext: i18n._(
          "You will get no more emails from this person through Collect. You can undo this from the next page.",
        ),
        stopped: i18n._(
          "You will get no more emails from this person through Collect. Whoever asked you for money is told on their screen.",
        ),
        resumed: i18n._("You can get emails from this person again."),
      };

/**
 * "No more emails from Maria" and "No emails from Collect at all", the links in every payer email
 * and its RFC 8058 List-Unsubscribe. GET shows a page with a button (mail scanners follow links;
 * only a POST changes anything). The POST records a suppression on the mailbox (mail/suppression.ts)
 * that no account can clear; the page it answers offers "Undo", a POST to the same link with
 * `undo=1`, which only the mailbox holding the link can send. Public, bounded per address
 * (limits.ts `unsubscribe`); csrf.ts exempts the POST: a mail client sends it from no page of ours.
 */
export const mailRoutes =
  ({ db, clock, secret, limiter, notifier }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058's body is `List-Unsubscribe=One-Click`; the page's Undo sends `undo=1`.
    acceptOneClickPosts(app);

    async function read(ip: string, token: string) {
      await limiter.check("unsubscribe", ip);
      return readSuppressionToken(secret, token);
    }

    app.get(MAIL_STOP_ROUTE, { schema: { params: TokenParams } }, async (request, reply) => {
      const target = await read(request.ip, request.params.token);
      const i18n = i18nFor(readerLocale(request));
      if (!target) return sendOneClickPage(reply, linkNotValid(badLink(i18n), i18n), i18n, 404);
      const say = words(target.requesterId === null, i18n);
      return sendOneClickPage(
        reply,
        {
          title: say.ask,
          paragraphs: [say.undoNext],
          form: { button: i18n._("Stop emails"), fields: { "List-Unsubscribe": "One-Click" } },
        },
        i18n,
      );
    });

    app.post(
      MAIL_STOP_ROUTE,
      { schema: { params: TokenParams, body: z.record(z.string(), z.string()).nullish() } },
      async (request, reply) => {
        const target = await read(request.ip, request.params.token);
        if (!target) throw new HttpError(404, badLink(english()));
        const undo = request.body?.undo === "1";
        if (undo) await lift(db, target);
        else await suppress(db, target, clock.now());
        // The requester's open tabs show it at once ("Priya asked for no more emails", or not).
        const told =
          target.requesterId && (await newestRequestTo(db, target.requesterId, target.recipientHash));
        if (target.requesterId && told) notifier.requestStopped(target.requesterId, told);
        // A mail client's one-click reads nothing; a person who pressed the button reads a page.
        if (!wantsPage(request))
          return { message: undo ? "Emails resumed." : words(target.requesterId === null, english()).done };
        const i18n = i18nFor(readerLocale(request));
        const say = words(target.requesterId === null, i18n);
        return sendOneClickPage(
          reply,
          undo
            ? { title: i18n._("Emails resumed"), paragraphs: [say.resumed] }
            : {
                title: i18n._("Emails stopped"),
                paragraphs: [say.stopped],
                form: {
                  button: i18n._("Undo: get these emails again"),
                  fields: { undo: "1" },
                  secondary: true,
                },
              },
          i18n,
        );
      },
    );
  };
