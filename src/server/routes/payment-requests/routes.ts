import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { paymentsOf } from "#server/db/request-payments.ts";
import { mayEmailPayers, toPaymentRequest } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { inputRegionOf, readBody, regionalBody } from "#server/lib/input-region.ts";
import { sendPdf } from "#server/lib/pdf-reply.ts";
import { isSuppressed } from "#server/mail/suppression.ts";
import { dueDateProblemFor, reminderSummaries } from "#server/reminders/reminders-schedule.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import {
  BalanceParamsSchema,
  BalancePaymentInputSchema,
  BalancePaymentsSchema,
} from "#shared/schemas/balance.ts";
import { encodeCursor, nextPageLink } from "#shared/schemas/page.ts";
import { PaymentParamsSchema, paidSoFar, RecordPaymentInputSchema } from "#shared/schemas/payment.ts";
import {
  CreatePaymentRequestResponseSchema,
  ExportQuerySchema,
  IdParamsSchema,
  PaymentRequestInputSchema,
  PaymentRequestListQuerySchema,
  PaymentRequestSchema,
  PaymentRequestSummarySchema,
  PaymentRequestUpdateSchema,
  paymentRequestInputFor,
  ReminderResponseSchema,
  RequestFilterSchema,
  SEND_BY_MESSAGES,
  StatusUpdateSchema,
} from "#shared/schemas/payment-request.ts";
import { smsFor } from "#shared/sms.ts";
import { paymentRequestsCsv } from "./export";
import { type PaymentResult, recordBalancePayment, recordPayment, undoPayment } from "./payments";
import {
  cancelRequest,
  createPaymentRequest,
  listPaymentRequests,
  markNotPaid,
  markPaidWithReceipt,
  ownedRequest,
  requesterNameOf,
  type StatusUpdateResult,
  stopRequestReminders,
  summarizePaymentRequests,
  updateChase,
  updateIfStatus,
} from "./queries";
import { stopLinkRoutes } from "./stop-link";

/** 404 for another user's or a missing id; 409 when the request is not in the status the change starts from. */
function settled(result: StatusUpdateResult | PaymentResult, action: string, from = "pending") {
  if (result.ok) return result.row;
  if (result.reason === "not-found") throw new HttpError(404, "Payment request not found");
  if (result.reason === "invalid") throw new HttpError(400, result.message, { field: result.field });
  if (result.reason === "paid-in-parts")
    throw new HttpError(
      409,
      "This request was paid in parts: undo one of its payments to make it owed again.",
    );
  throw new HttpError(
    409,
    `This request is already ${result.status}; only a ${from} request can be ${action}.`,
  );
}

/** The signed-in routes, and the payer's public "Stop reminders" link (stop-link.ts). */
export const paymentRequestRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(signedInRoutes(context));
    await app.register(stopLinkRoutes(context));
  };

const signedInRoutes = ({
  db,
  config,
  signedIn,
  notifier,
  clock,
  jobs,
  requesters,
  webhooks,
  limiter,
}: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    type Row = Parameters<typeof toPaymentRequest>[0];
    /** Rows as the API shows them, each with what its reminders did. */
    const shown = async (rows: Row[]) => {
      const summaries = await reminderSummaries(db, rows, clock.now());
      return rows.map((row) => toPaymentRequest(row, config.publicUrl, summaries.get(row.id)));
    };
    const one = async (row: Row) => (await shown([row]))[0] as ReturnType<typeof toPaymentRequest>;

    app.get(
      "/api/payment-requests",
      {
        schema: {
          querystring: PaymentRequestListQuerySchema,
          response: { 200: z.array(PaymentRequestSchema) },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const { rows, next } = await listPaymentRequests(db, signedInUser(request).id, query);
        if (next) {
          const { status, q, order, limit } = query;
          const cursor = encodeCursor(next);
          reply.header("link", nextPageLink("/api/payment-requests", { status, q, order, limit, cursor }));
        }
        return shown(rows);
      },
    );

    app.get(
      "/api/payment-requests/summary",
      {
        schema: { querystring: RequestFilterSchema, response: { 200: PaymentRequestSummarySchema } },
      },
      async (request) => summarizePaymentRequests(db, signedInUser(request).id, request.query),
    );

    app.post(
      "/api/payment-requests",
      {
        schema: { body: PaymentRequestInputSchema, response: { 201: CreatePaymentRequestResponseSchema } },
        ...regionalBody,
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const requester = await requesters.get(userId);
        const { sendBy, ...input } = readBody(paymentRequestInputFor(inputRegionOf(requester)), request.body);
        if (input.payerEmail && !(await mayEmailPayers(db, userId, Boolean(config.mail))))
          throw new HttpError(403, SEND_BY_MESSAGES.confirmFirst);
        const now = clock.now();
        const problem = dueDateProblemFor(input.dueDate, requester, now);
        if (problem) throw new HttpError(400, problem, { field: "dueDate" });
        const {
          row,
          requesterName: name,
          reminders,
        } = await createPaymentRequest(db, userId, input, {
          requester,
          now,
          jobs,
          emailPayer: sendBy !== "text",
          emailBlocked: Boolean(input.payerEmail) && (await isSuppressed(db, input.payerEmail ?? "", userId)),
          ...(requester.hasWebhooks ? { webhooks } : {}),
        });
        notifier.requestCreated(userId, row.id);
        const created = toPaymentRequest(row, config.publicUrl, reminders);
        const i18n = i18nFor(localeOr(created.language, requester.language));
        return reply
          .status(201)
          .send({ request: created, smsMessage: smsFor("request", name, created, i18n) });
      },
    );

    // One request with its part payments (payments.ts).
    app.get(
      "/api/payment-requests/:id",
      { schema: { params: IdParamsSchema, response: { 200: PaymentRequestSchema } } },
      async (request) => {
        const found = await ownedRequest(db, signedInUser(request).id, request.params.id);
        if (!found) throw new HttpError(404, "Payment request not found");
        const payments = (await paymentsOf(db, [found.row])).get(found.row.id) ?? [];
        return { ...(await one(found.row)), payments };
      },
    );

    // A receipt to keep (docs/features.md): what was paid on one request, as a PDF in the
    // requester's language. Only once something is paid.
    app.get(
      "/api/payment-requests/:id/receipt.pdf",
      { schema: { params: IdParamsSchema } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const found = await ownedRequest(db, userId, request.params.id);
        if (!found) throw new HttpError(404, "Payment request not found");
        const { row } = found;
        if (row.status !== "paid" && !paidSoFar(row.paidAmount, row.currency))
          throw new HttpError(409, "Nothing has been paid on this request yet.");
        await limiter.check("pdfDocument", userId);
        const [payments, requester] = await Promise.all([
          paymentsOf(db, [row]).then((all) => all.get(row.id) ?? []),
          requesters.get(userId),
        ]);
        const { receiptPdf } = await import("#server/pdf/receipt.ts");
        const pdf = await receiptPdf({
          language: localeOr(requester.language),
          timeZone: requester.timeZone,
          requesterName: found.requesterName,
          request: row,
          payments,
        });
        return sendPdf(reply, `collect-receipt-${row.code}.pdf`, pdf);
      },
    );

    app.post(
      "/api/payment-requests/:id/payments",
      {
        schema: {
          params: IdParamsSchema,
          body: RecordPaymentInputSchema,
          response: { 201: PaymentRequestSchema },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const { timeZone } = await requesters.get(userId);
        const result = await recordPayment(db, userId, request.params.id, request.body, {
          jobs,
          webhooks,
          now,
          receiptDelayMs: config.receiptDelayMs,
          today: localDate(now, timeZone),
        });
        const row = settled(result, "paid in part");
        return reply.status(201).send({ ...(await one(row)), payments: result.ok ? result.payments : [] });
      },
    );

    // A payment toward a person's whole balance in one currency: the payments' own mechanism,
    // spread oldest first (payments.ts), so it lives here beside them rather than with the balance.
    app.post(
      "/api/balances/:phone/payments",
      {
        schema: {
          params: BalanceParamsSchema,
          body: BalancePaymentInputSchema,
          response: { 201: BalancePaymentsSchema },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const { timeZone } = await requesters.get(userId);
        const { currency, ...payment } = request.body;
        const result = await recordBalancePayment(
          db,
          userId,
          { phone: request.params.phone, currency },
          payment,
          {
            jobs,
            webhooks,
            now,
            receiptDelayMs: config.receiptDelayMs,
            today: localDate(now, timeZone),
          },
        );
        if (!result.ok && result.reason === "not-found")
          throw new HttpError(404, "Nobody owes you anything at this number.");
        if (!result.ok) throw new HttpError(400, result.message, { field: result.field });
        return reply.status(201).send({ payments: result.payments });
      },
    );

    app.delete(
      "/api/payment-requests/:id/payments/:paymentId",
      { schema: { params: PaymentParamsSchema, response: { 200: PaymentRequestSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const { id, paymentId } = request.params;
        const result = await undoPayment(db, userId, id, paymentId, { jobs, webhooks, now: clock.now() });
        if (!result.ok && result.reason === "not-found" && (await ownedRequest(db, userId, id)))
          throw new HttpError(404, "Payment not found");
        const row = settled(result, "changed");
        return { ...(await one(row)), payments: result.ok ? result.payments : [] };
      },
    );

    app.patch(
      "/api/payment-requests/:id/status",
      {
        schema: { params: IdParamsSchema, body: StatusUpdateSchema, response: { 200: PaymentRequestSchema } },
      },
      async (request) => {
        const { status } = request.body;
        const userId = signedInUser(request).id;
        // Back to pending is the requester's undo of "paid" (a mis-tap, or a payment that bounced).
        const from = status === "pending" ? "paid" : "pending";
        const chase = { jobs, webhooks, now: clock.now(), receiptDelayMs: config.receiptDelayMs };
        const result =
          status === "paid"
            ? await markPaidWithReceipt(db, userId, request.params.id, chase)
            : status === "pending"
              ? // An undo of "paid" forgets when it was marked, and corrects a receipt already sent.
                await markNotPaid(db, userId, request.params.id, chase)
              : await cancelRequest(db, userId, request.params.id, webhooks);
        const action = status === "pending" ? "marked as not paid" : `marked as ${status}`;
        return one(settled(result, action, from));
      },
    );

    // "Change per request": the due date or the reminder days of a pending request.
    app.patch(
      "/api/payment-requests/:id",
      {
        schema: {
          params: IdParamsSchema,
          body: PaymentRequestUpdateSchema,
          response: { 200: PaymentRequestSchema },
        },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const requester = await requesters.get(userId);
        const { dueDate, reminderDays } = request.body;
        const problem = dueDateProblemFor(dueDate ?? null, requester, now);
        if (problem) {
          // Another user's id answers 404 whatever the body.
          if (!(await ownedRequest(db, userId, request.params.id))) {
            throw new HttpError(404, "Payment request not found");
          }
          throw new HttpError(400, problem, { field: "dueDate" });
        }
        const changes = {
          ...(dueDate !== undefined ? { dueDate } : {}),
          ...(reminderDays !== undefined ? { reminderDays } : {}),
        };
        const result = await updateChase(db, userId, request.params.id, changes, requester, now);
        return one(settled(result, "changed"));
      },
    );

    app.post(
      "/api/payment-requests/:id/stop-reminders",
      { schema: { params: IdParamsSchema, response: { 200: PaymentRequestSchema } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const row = await stopRequestReminders(db, request.params.id, clock.now(), {
          by: "requester",
          userId,
        });
        if (!row) throw new HttpError(404, "Payment request not found");
        return one(row);
      },
    );

    app.post(
      "/api/payment-requests/:id/remind",
      {
        schema: { params: IdParamsSchema, response: { 200: ReminderResponseSchema } },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const result = await updateIfStatus(db, userId, request.params.id, { lastRemindedAt: clock.now() });
        const reminded = await one(settled(result, "reminded"));
        const i18n = i18nFor(localeOr(reminded.language, (await requesters.get(userId)).language));
        const smsMessage = smsFor("reminder", await requesterNameOf(db, reminded.id), reminded, i18n);
        return { request: reminded, smsMessage };
      },
    );

    // Text again: the request's own text, word for word, for a text that never went (the
    // composer did not open, or was dismissed). Nothing is recorded; only a pending request has it.
    app.get(
      "/api/payment-requests/:id/text",
      {
        schema: { params: IdParamsSchema, response: { 200: ReminderResponseSchema } },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const found = await ownedRequest(db, userId, request.params.id);
        if (!found) throw new HttpError(404, "Payment request not found");
        if (found.row.status !== "pending") {
          throw new HttpError(
            409,
            `This request is already ${found.row.status}; only a pending request can be texted.`,
          );
        }
        const pending = await one(found.row);
        const i18n = i18nFor(localeOr(pending.language, (await requesters.get(userId)).language));
        return { request: pending, smsMessage: smsFor("request", found.requesterName, pending, i18n) };
      },
    );

    // The whole history as CSV (docs/product.md#archive).
    app.get(
      "/api/payment-requests/export.csv",
      { schema: { querystring: ExportQuerySchema } },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="collect-requests-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(paymentRequestsCsv(db, signedInUser(request).id, config.publicUrl, request.query.tz));
      },
    );
  });
