import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import {
  acceptOneClickPosts,
  linkNotValid,
  sendOneClickPage,
  wantsPage,
} from "#server/mail/one-click-page.ts";
import { lift, newestRequestTo, readSuppressionToken, suppress } from "#server/mail/suppression.ts";

const TokenParams = z.object({ token: z.string().max(200) });
export const MAIL_STOP_ROUTE = "/api/mail/stop/:token";
const BAD_LINK = "This link is not valid. Nothing was changed.";

const words = (everyone: boolean) =>
  everyone
    ? {
        who: "Collect",
        ask: "Stop all emails from Collect?",
        done: "You will get no more emails from Collect",
      }
    : {
        who: "this person",
        ask: "Stop emails from this person?",
        done: "You will get no more emails from this person through Collect",
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
      if (!target) return sendOneClickPage(reply, linkNotValid(BAD_LINK), 404);
      const say = words(target.requesterId === null);
      return sendOneClickPage(reply, {
        title: say.ask,
        paragraphs: [`${say.done}. You can undo this from the next page.`],
        form: { button: "Stop emails", fields: { "List-Unsubscribe": "One-Click" } },
      });
    });

    app.post(
      MAIL_STOP_ROUTE,
      { schema: { params: TokenParams, body: z.record(z.string(), z.string()).nullish() } },
      async (request, reply) => {
        const target = await read(request.ip, request.params.token);
        if (!target) throw new HttpError(404, BAD_LINK);
        const undo = request.body?.undo === "1";
        if (undo) await lift(db, target);
        else await suppress(db, target, clock.now());
        // The requester's open tabs show it at once ("Priya asked for no more emails", or not).
        const told =
          target.requesterId && (await newestRequestTo(db, target.requesterId, target.recipientHash));
        if (target.requesterId && told) notifier.requestStopped(target.requesterId, told);
        const say = words(target.requesterId === null);
        // A mail client's one-click reads nothing; a person who pressed the button reads a page.
        if (!wantsPage(request)) return { message: undo ? "Emails resumed." : `${say.done}.` };
        return sendOneClickPage(
          reply,
          undo
            ? { title: "Emails resumed", paragraphs: [`You can get emails from ${say.who} again.`] }
            : {
                title: "Emails stopped",
                paragraphs: [`${say.done}. Whoever asked you for money is told on their screen.`],
                form: { button: "Undo: get these emails again", fields: { undo: "1" }, secondary: true },
              },
        );
      },
    );
  };
