import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { toPaymentRequest } from "#server/db/shared-queries.ts";
import { smsFor } from "#server/lib/sms.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { encodeCursor, nextPageLink } from "#shared/schemas/page.ts";
import {
  CreatePaymentRequestResponseSchema,
  ExportQuerySchema,
  IdParamsSchema,
  PaymentRequestInputSchema,
  PaymentRequestListQuerySchema,
  PaymentRequestSchema,
  PaymentRequestSummarySchema,
  ReminderResponseSchema,
  RequestFilterSchema,
  StatusUpdateSchema,
} from "#shared/schemas/payment-request.ts";
import { paymentRequestsCsv } from "./export";
import {
  createPaymentRequest,
  listPaymentRequests,
  ownedRequest,
  requesterNameOf,
  type StatusUpdateResult,
  summarizePaymentRequests,
  updateIfStatus,
} from "./queries";

/** 404 for another user's or a missing id; 409 when the request is not in the status the change starts from. */
function settled(result: StatusUpdateResult, action: string, from = "pending") {
  if (result.ok) return result.row;
  if (result.reason === "not-found") throw new HttpError(404, "Payment request not found");
  throw new HttpError(
    409,
    `This request is already ${result.status}; only a ${from} request can be ${action}.`,
  );
}

export const paymentRequestRoutes = ({ db, config, signedIn, notifier }: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
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
        return rows.map((row) => toPaymentRequest(row, config.publicUrl));
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
      },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const { row, requesterName: name } = await createPaymentRequest(db, userId, request.body);
        notifier.requestCreated(userId, row.id);
        const created = toPaymentRequest(row, config.publicUrl);
        return reply.status(201).send({ request: created, smsMessage: smsFor("request", name, created) });
      },
    );

    app.patch(
      "/api/payment-requests/:id/status",
      {
        schema: { params: IdParamsSchema, body: StatusUpdateSchema, response: { 200: PaymentRequestSchema } },
      },
      async (request) => {
        const { status } = request.body;
        // Back to pending is the requester's undo of "paid" (a mis-tap, or a payment that bounced).
        const from = status === "pending" ? "paid" : "pending";
        const result = await updateIfStatus(
          db,
          signedInUser(request).id,
          request.params.id,
          { status },
          from,
        );
        const action = status === "pending" ? "marked as not paid" : `marked as ${status}`;
        return toPaymentRequest(settled(result, action, from), config.publicUrl);
      },
    );

    app.post(
      "/api/payment-requests/:id/remind",
      {
        schema: { params: IdParamsSchema, response: { 200: ReminderResponseSchema } },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const result = await updateIfStatus(db, userId, request.params.id, { lastRemindedAt: new Date() });
        const reminded = toPaymentRequest(settled(result, "reminded"), config.publicUrl);
        const smsMessage = smsFor("reminder", await requesterNameOf(db, reminded.id), reminded);
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
        const found = await ownedRequest(db, signedInUser(request).id, request.params.id);
        if (!found) throw new HttpError(404, "Payment request not found");
        if (found.row.status !== "pending") {
          throw new HttpError(
            409,
            `This request is already ${found.row.status}; only a pending request can be texted.`,
          );
        }
        const pending = toPaymentRequest(found.row, config.publicUrl);
        return { request: pending, smsMessage: smsFor("request", found.requesterName, pending) };
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
