import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PaymentAccountSchema, PaymentAccountsInputSchema } from "../../../shared/schemas/payment-account";
import type { AppContext } from "../../context";
import { signedInUser } from "../../plugins/auth";
import { listPaymentAccounts, savePaymentAccounts } from "./queries";

const PaymentAccountListResponse = z.array(PaymentAccountSchema);

export const paymentAccountRoutes =
  ({ db, requireUser }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/payment-accounts",
      { preHandler: requireUser, schema: { response: { 200: PaymentAccountListResponse } } },
      async (request) => listPaymentAccounts(db, signedInUser(request).id),
    );

    app.post(
      "/api/payment-accounts",
      {
        preHandler: requireUser,
        schema: { body: PaymentAccountsInputSchema, response: { 200: PaymentAccountListResponse } },
      },
      async (request) => savePaymentAccounts(db, signedInUser(request).id, request.body.accounts),
    );
  };
