import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import {
  balanceLinkCode,
  balanceOf,
  balanceSpeaker,
  openRequestsTo,
  statementOf,
} from "#server/db/balances.ts";
import { shortUrlFor, toPaymentRequest } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { sendPdf } from "#server/lib/pdf-reply.ts";
import { reminderSummaries } from "#server/reminders/reminders-schedule.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import { formatPhone } from "#shared/phone.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import {
  BalanceLinkInputSchema,
  BalanceLinkSchema,
  BalanceParamsSchema,
  BalanceQuerySchema,
  BalanceSchema,
} from "#shared/schemas/balance.ts";
import { encodeCursor, nextPageLink } from "#shared/schemas/page.ts";
import { composeBalanceMessage } from "#shared/sms.ts";

const NOBODY = "Nobody owes you anything at this number.";

/** One balance per person (docs/features.md): GET /api/balances/{phone}, and its "Request all" link. */
export const balanceRoutes = ({
  db,
  signedIn,
  config,
  clock,
  limiter,
  requesters,
}: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    // A statement to keep: everything asked of this person, paid and left, per currency, as a
    // PDF in the requester's language.
    app.get(
      "/api/balances/:phone/statement.pdf",
      { schema: { params: BalanceParamsSchema } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const { phone } = request.params;
        const statement = await statementOf(db, userId, phone);
        if (statement.name === null || statement.rows.length === 0) throw new HttpError(404, NOBODY);
        await limiter.check("pdfDocument", userId);
        const [requester, speaker] = await Promise.all([
          requesters.get(userId),
          balanceSpeaker(db, userId, phone),
        ]);
        const { statementPdf } = await import("#server/pdf/statement.ts");
        const now = clock.now();
        const pdf = await statementPdf({
          language: localeOr(requester.language),
          timeZone: requester.timeZone,
          requesterName: speaker.requesterName,
          person: { name: statement.name, phone: formatPhone(phone) },
          today: now,
          rows: statement.rows,
          totals: statement.totals,
        });
        const day = localDate(now, requester.timeZone);
        return sendPdf(reply, `collect-statement-${day}.pdf`, pdf);
      },
    );

    app.get(
      "/api/balances/:phone",
      {
        schema: {
          params: BalanceParamsSchema,
          querystring: BalanceQuerySchema,
          response: { 200: BalanceSchema },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const { phone } = request.params;
        const [balance, page] = await Promise.all([
          balanceOf(db, userId, phone),
          openRequestsTo(db, userId, phone, request.query),
        ]);
        // Nothing open and no contact: nobody this account knows by that number.
        if (balance.name === null) throw new HttpError(404, NOBODY);
        if (page.next) {
          const { limit } = request.query;
          reply.header(
            "link",
            nextPageLink(`/api/balances/${encodeURIComponent(phone)}`, {
              limit,
              cursor: encodeCursor(page.next),
            }),
          );
        }
        const summaries = await reminderSummaries(db, page.rows, clock.now());
        return {
          phone,
          name: balance.name,
          totals: balance.totals,
          requests: page.rows.map((row) => toPaymentRequest(row, config.publicUrl, summaries.get(row.id))),
        };
      },
    );

    // "Request all": one link whose page lists everything open with this person in one currency
    // and asks for the total; the text that carries it, in the language spoken to them.
    app.post(
      "/api/balances/:phone/link",
      {
        schema: {
          params: BalanceParamsSchema,
          body: BalanceLinkInputSchema,
          response: { 200: BalanceLinkSchema },
        },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const { phone } = request.params;
        const { currency } = request.body;
        const balance = await balanceOf(db, userId, phone);
        const total = currency ? balance.totals.find((t) => t.currency === currency) : balance.totals[0];
        if (!balance.name || !total) throw new HttpError(404, NOBODY);
        const [code, speaker] = await Promise.all([
          balanceLinkCode(db, userId, phone, total.currency),
          balanceSpeaker(db, userId, phone),
        ]);
        const shortUrl = shortUrlFor(config.publicUrl, code);
        const smsMessage = composeBalanceMessage(
          {
            requesterName: speaker.requesterName,
            recipientName: balance.name,
            amount: total.owed,
            currency: total.currency,
            count: total.count,
            shortUrl,
          },
          i18nFor(localeOr(speaker.language)),
        );
        return { shortUrl, currency: total.currency, amount: total.owed, count: total.count, smsMessage };
      },
    );
  });
