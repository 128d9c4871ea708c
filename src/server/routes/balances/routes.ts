import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { toPaymentRequest } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { reminderSummaries } from "#server/reminders/reminders-schedule.ts";
import { BalanceParamsSchema, BalanceQuerySchema, BalanceSchema } from "#shared/schemas/balance.ts";
import { encodeCursor, nextPageLink } from "#shared/schemas/page.ts";
import { balanceOf, openRequestsTo } from "./queries";

/** One balance per person (docs/features.md): GET /api/balances/{phone}. */
export const balanceRoutes = ({ db, signedIn, config, clock }: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
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
        if (balance.name === null) throw new HttpError(404, "Nobody owes you anything at this number.");
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
  });
