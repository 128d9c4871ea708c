import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { openClaim, toPaymentRequest } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { inputRegionOf, readBody, regionalBody } from "#server/lib/input-region.ts";
import { dueDateProblemFor, reminderSummaries } from "#server/reminders/reminders-schedule.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import { sumAmounts } from "#shared/money.ts";
import { amountLeft, paidSoFar } from "#shared/schemas/payment.ts";
import { IdParamsSchema, type ReminderSummary } from "#shared/schemas/payment-request.ts";
import { type Split, SplitInputSchema, SplitSchema, splitInputFor } from "#shared/schemas/split.ts";
import { smsFor } from "#shared/sms.ts";
import { createSplit, findSplit, type SplitWithRequests } from "./queries";

function toSplit(
  { split, requests, requesterName }: SplitWithRequests,
  publicUrl: string,
  summaries: Map<string, ReminderSummary>,
  requesterLanguage: string | null,
): Split {
  const shares = requests.map((row) => {
    const request = toPaymentRequest(row, publicUrl, summaries.get(row.id));
    // Each share's text in that person's language (their contact's), else the requester's.
    const i18n = i18nFor(localeOr(request.language, requesterLanguage));
    return { request, smsMessage: smsFor("request", requesterName, request, i18n) };
  });
  return {
    id: split.id,
    total: split.total,
    currency: split.currency,
    description: split.description,
    includeMe: split.includeMe,
    dueDate: split.dueDate,
    createdAt: split.createdAt.toISOString(),
    shares,
    paidCount: requests.filter((r) => r.status === "paid").length,
    // Pending shares whose payer said "I've paid": the page counts them apart from paid.
    claimedCount: requests.filter(openClaim).length,
    // What is left of each pending share (part payments taken off).
    outstanding: sumAmounts(
      requests
        .filter((r) => r.status === "pending")
        .map((r) => amountLeft(r.amount, paidSoFar(r.paidAmount, r.currency), r.currency)),
      split.currency,
    ),
  };
}

/** Split a bill (docs/decisions/016-close-the-loop.md): one request per person, made together. */
export const splitRoutes = ({
  db,
  config,
  signedIn,
  notifier,
  clock,
  requesters,
  webhooks,
}: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    const shown = async (found: SplitWithRequests, userId: string) =>
      toSplit(
        found,
        config.publicUrl,
        await reminderSummaries(db, found.requests, clock.now()),
        (await requesters.get(userId)).language,
      );

    app.post(
      "/api/splits",
      { schema: { body: SplitInputSchema, response: { 201: SplitSchema } }, ...regionalBody },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const requester = await requesters.get(userId);
        const input = readBody(splitInputFor(inputRegionOf(requester, request.body)), request.body);
        const problem = dueDateProblemFor(input.dueDate, requester, now);
        if (problem) throw new HttpError(400, problem, { field: "dueDate" });
        const created = await createSplit(db, userId, input, {
          requester,
          now,
          ...(requester.hasWebhooks ? { webhooks } : {}),
        });
        for (const share of created.requests) notifier.requestCreated(userId, share.id);
        return reply.status(201).send(await shown(created, userId));
      },
    );

    app.get(
      "/api/splits/:id",
      { schema: { params: IdParamsSchema, response: { 200: SplitSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const found = await findSplit(db, userId, request.params.id);
        if (!found) throw new HttpError(404, "Split not found");
        return shown(found, userId);
      },
    );
  });
