import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { PaymentAccountSchema, PaymentAccountsInputSchema } from "#shared/schemas/payment-account.ts";
import { MethodOrderInputSchema } from "#shared/schemas/user.ts";
import { listPaymentAccounts, saveMethodOrder, savePaymentAccounts } from "./queries";

const PaymentAccountListResponse = z.array(PaymentAccountSchema);

export const paymentAccountRoutes = ({ db, signedIn }: AppContext): FastifyPluginAsyncZod =>
  signedIn(async (app) => {
    app.get(
      "/api/payment-accounts",
      { schema: { response: { 200: PaymentAccountListResponse } } },
      async (request) => listPaymentAccounts(db, signedInUser(request).id),
    );

    app.post(
      "/api/payment-accounts",
      {
        schema: { body: PaymentAccountsInputSchema, response: { 200: PaymentAccountListResponse } },
      },
      async (request) => savePaymentAccounts(db, signedInUser(request).id, request.body.accounts),
    );

    // The pay page's order of the methods (Payment Methods, "Order on your pay page").
    app.put(
      "/api/payment-accounts/order",
      { schema: { body: MethodOrderInputSchema, response: { 200: MethodOrderInputSchema } } },
      async (request) => {
        const { order } = request.body;
        await saveMethodOrder(db, signedInUser(request).id, order);
        return { order };
      },
    );
  });
