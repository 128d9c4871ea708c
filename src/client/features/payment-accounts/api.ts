import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  type PaymentAccount,
  PaymentAccountListSchema,
  type PaymentAccountsInput,
} from "../../../shared/schemas/payment-account";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

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
