import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { inputRegionOf, readBody, regionalBody } from "#server/lib/input-region.ts";
import { encodeCursor, nextPageLink } from "#shared/schemas/page.ts";
import {
  PayeeInputSchema,
  PayeeListQuerySchema,
  PayeeSchema,
  PayeeUpdateSchema,
  payeeInputFor,
  payeeUpdateFor,
} from "#shared/schemas/payee.ts";
import { IdParamsSchema } from "#shared/schemas/payment-request.ts";
import { deletePayee, listPayees, type SaveResult, savePayee, updatePayee } from "./queries";

/** 409 names the contact that already has the phone, as the screens ask about it. */
function saved(result: SaveResult) {
  if (result.ok) return result.payee;
  throw new HttpError(409, `${result.existing.name} is saved with this number.`, { field: "phone" });
}

export const payeeRoutes = ({ db, signedIn, requesters }: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    app.get(
      "/api/payees",
      {
        schema: { querystring: PayeeListQuerySchema, response: { 200: z.array(PayeeSchema) } },
      },
      async (request, reply) => {
        const { rows, next } = await listPayees(db, signedInUser(request).id, request.query);
        if (next) {
          const { limit, q } = request.query;
          reply.header("link", nextPageLink("/api/payees", { limit, q, cursor: encodeCursor(next) }));
        }
        return rows;
      },
    );

    app.post(
      "/api/payees",
      { schema: { body: PayeeInputSchema, response: { 200: PayeeSchema } }, ...regionalBody },
      async (request) => {
        const userId = signedInUser(request).id;
        const region = inputRegionOf(await requesters.get(userId));
        return saved(await savePayee(db, userId, readBody(payeeInputFor(region), request.body)));
      },
    );

    app.patch(
      "/api/payees/:id",
      {
        schema: { params: IdParamsSchema, body: PayeeUpdateSchema, response: { 200: PayeeSchema } },
        ...regionalBody,
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const region = inputRegionOf(await requesters.get(userId));
        const body = readBody(payeeUpdateFor(region), request.body);
        const result = await updatePayee(db, userId, request.params.id, body);
        if (!result) throw new HttpError(404, "Contact not found");
        return saved(result);
      },
    );

    app.delete(
      "/api/payees/:id",
      { schema: { params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await deletePayee(db, signedInUser(request).id, request.params.id))) {
          throw new HttpError(404, "Contact not found");
        }
        return reply.status(204).send(null);
      },
    );
  });
