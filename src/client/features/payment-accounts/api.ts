import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import type { Provider } from "#shared/providers.ts";
import {
  type PaymentAccount,
  PaymentAccountListSchema,
  type PaymentAccountsInput,
} from "#shared/schemas/payment-account.ts";

const ACCOUNTS_URL = "/api/payment-accounts";

/** GET /api/payment-accounts: the user's connected accounts. */
export const paymentAccountsQuery = queryOptions({
  queryKey: [ACCOUNTS_URL],
  queryFn: async (): Promise<PaymentAccount[]> =>
    PaymentAccountListSchema.parse(await apiRequest("GET", ACCOUNTS_URL)),
});

export function usePaymentAccounts() {
  return useQuery(paymentAccountsQuery);
}

/** POST /api/payment-accounts: replaces the set; answers the saved list. */
export function useUpdatePaymentAccounts() {
  return useMutation({
    mutationFn: async (input: PaymentAccountsInput) =>
      PaymentAccountListSchema.parse(await apiRequest("POST", ACCOUNTS_URL, input)),
    onSuccess: (accounts) => queryClient.setQueryData(paymentAccountsQuery.queryKey, accounts),
  });
}

/**
 * PUT /api/payment-accounts/order: the pay page's order of the methods (null: the spec's, Venmo
 * first). The signed-in user carries it (`methodOrder`), so the list moves at once.
 */
/** The order as last saved (a press's own save included), before React has drawn it. */
export function latestMethodOrder(drawn: readonly Provider[] | undefined) {
  const user = queryClient.getQueryData(userQueryOptions.queryKey);
  return user ? user.methodOrder : drawn;
}

export function useSaveMethodOrder() {
  return useMutation({
    // One save at a time, in the order pressed: the last press is the order the server keeps.
    scope: { id: "method-order" },
    mutationFn: async (order: Provider[] | null) => {
      await apiRequest("PUT", `${ACCOUNTS_URL}/order`, { order });
      return order;
    },
    onMutate: (order) => {
      const before = queryClient.getQueryData(userQueryOptions.queryKey);
      if (before) {
        const { methodOrder: _, ...rest } = before;
        queryClient.setQueryData(userQueryOptions.queryKey, order ? { ...rest, methodOrder: order } : rest);
      }
      return { before };
    },
    onError: (_error, _order, context) => {
      if (context?.before) queryClient.setQueryData(userQueryOptions.queryKey, context.before);
    },
  });
}
