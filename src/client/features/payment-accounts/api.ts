import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
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
