import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { encodeCursor, nextPageLink } from "../../../shared/schemas/page";
import { PayeeInputSchema, PayeeListQuerySchema, PayeeSchema } from "../../../shared/schemas/payee";
import { IdParamsSchema } from "../../../shared/schemas/payment-request";
import type { AppContext } from "../../context";
import { signedInUser } from "../../plugins/auth";
import { HttpError } from "../../plugins/errors";
import { deletePayee, listPayees, savePayee } from "./queries";

export const payeeRoutes =
  ({ db, requireUser }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/payees",
      {
        preHandler: requireUser,
        schema: { querystring: PayeeListQuerySchema, response: { 200: z.array(PayeeSchema) } },
      },
      async (request, reply) => {
        const { rows, next } = await listPayees(db, signedInUser(request).id, request.query);
        if (next) {
          reply.header(
            "link",
            nextPageLink("/api/payees", { limit: request.query.limit, cursor: encodeCursor(next) }),
          );
        }
        return rows;
      },
    );

    app.post(
      "/api/payees",
      { preHandler: requireUser, schema: { body: PayeeInputSchema, response: { 200: PayeeSchema } } },
      async (request) => savePayee(db, signedInUser(request).id, request.body),
    );

    app.delete(
      "/api/payees/:id",
      { preHandler: requireUser, schema: { params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        if (!(await deletePayee(db, signedInUser(request).id, request.params.id))) {
          throw new HttpError(404, "Contact not found");
        }
        return reply.status(204).send(null);
      },
    );
  };
