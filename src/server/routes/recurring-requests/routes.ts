import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { mayEmailPayers } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { inputRegionOf, readBody, regionalBody } from "#server/lib/input-region.ts";
import { ErrorMessageSchema } from "#server/plugins/openapi.ts";
import { RECURRING_SWEEP } from "#server/recurring/recurring.ts";
import { occurrenceAt, recurringScheduleIssues, sendDateOf } from "#shared/schedule/recurrence.ts";
import { IdParamsSchema, SEND_BY_MESSAGES } from "#shared/schemas/payment-request.ts";
import {
  RECURRING_UPDATE_MESSAGES,
  RecurringListSchema,
  RecurringRequestInputSchema,
  RecurringSeriesSchema,
  RecurringUpdateSchema,
  recurringRequestInputIn,
  recurringUpdateIn,
} from "#shared/schemas/recurring.ts";
import {
  createSeries,
  endSeries,
  listSeries,
  recentPeriods,
  timeZoneOf,
  todayIn,
  toSeries,
  updateSeries,
} from "./queries";

/** Recurring requests (docs/decisions/024-chasing.md): the series; server/recurring/recurring.ts makes their requests. */
export const recurringRequestRoutes = ({
  db,
  signedIn,
  clock,
  jobs,
  config,
  requesters,
}: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    app.get(
      "/api/recurring-requests",
      { schema: { response: { 200: RecurringListSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const [rows, timeZone] = await Promise.all([listSeries(db, userId), timeZoneOf(db, userId)]);
        const periods = await recentPeriods(
          db,
          userId,
          rows.map((row) => row.id),
        );
        const now = clock.now();
        return rows.map((row) => ({ ...toSeries(row, now, timeZone), periods: periods.get(row.id) ?? [] }));
      },
    );

    app.post(
      "/api/recurring-requests",
      {
        schema: {
          body: RecurringRequestInputSchema,
          response: { 201: RecurringSeriesSchema, 409: ErrorMessageSchema },
        },
        ...regionalBody,
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const region = inputRegionOf(await requesters.get(userId), request.body);
        const body = readBody(recurringRequestInputIn(region), request.body);
        if (body.payerEmail && !(await mayEmailPayers(db, userId, Boolean(config.mail))))
          throw new HttpError(403, SEND_BY_MESSAGES.confirmFirst);
        const timeZone = await timeZoneOf(db, userId);
        const now = clock.now();
        // "From today on, within a year" is the requester's today, which only their zone tells.
        const [issue] = recurringScheduleIssues(body, todayIn(timeZone, now));
        if (issue) throw new HttpError(400, issue.message, { field: issue.path });
        const row = await createSeries(db, userId, { ...body, currency: region.currency }, now);
        if (row === "too-many") throw new HttpError(409, RECURRING_UPDATE_MESSAGES.tooMany);
        // Started today after 9:00: the first request is due already, so make it now, not next minute.
        if (occurrenceAt(sendDateOf(body.startDate, body.sendDaysBefore), timeZone) <= now)
          await jobs.send(RECURRING_SWEEP, {});
        return reply.status(201).send(toSeries(row, now, timeZone));
      },
    );

    app.patch(
      "/api/recurring-requests/:id",
      {
        schema: {
          params: IdParamsSchema,
          body: RecurringUpdateSchema,
          response: { 200: RecurringSeriesSchema, 409: ErrorMessageSchema },
        },
        ...regionalBody,
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const timeZone = await timeZoneOf(db, userId);
        const now = clock.now();
        const region = inputRegionOf(await requesters.get(userId));
        const change = readBody(recurringUpdateIn(region), request.body);
        if (change.payerEmail && !(await mayEmailPayers(db, userId, Boolean(config.mail))))
          throw new HttpError(403, SEND_BY_MESSAGES.confirmFirst);
        const result = await updateSeries(db, userId, request.params.id, change, now, timeZone);
        if (!result.ok && result.reason === "not-found")
          throw new HttpError(404, RECURRING_UPDATE_MESSAGES.notFound);
        if (!result.ok && result.reason === "amount")
          throw new HttpError(400, `amount: ${result.message}`, { field: "amount" });
        if (!result.ok) throw new HttpError(409, RECURRING_UPDATE_MESSAGES.ended);
        return toSeries(result.row, now, timeZone);
      },
    );

    app.delete(
      "/api/recurring-requests/:id",
      { schema: { params: IdParamsSchema, response: { 200: RecurringSeriesSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const ended = await endSeries(db, userId, request.params.id, now);
        if (!ended) throw new HttpError(404, RECURRING_UPDATE_MESSAGES.notFound);
        return toSeries(ended, now, await timeZoneOf(db, userId));
      },
    );
  });
