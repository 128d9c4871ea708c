import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type PaymentAccount,
  PaymentAccountListSchema,
  type PaymentAccountsInput,
} from "../../../shared/schemas/payment-account";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const PAYMENT_ACCOUNTS_KEY = ["/api/payment-accounts"] as const;

/** GET /api/payment-accounts (spec §7): the user's connected accounts. */
export function usePaymentAccounts() {
  return useQuery({
    queryKey: PAYMENT_ACCOUNTS_KEY,
    queryFn: async (): Promise<PaymentAccount[]> =>
      PaymentAccountListSchema.parse(await apiRequest("GET", PAYMENT_ACCOUNTS_KEY[0])),
  });
}

/** POST /api/payment-accounts (spec §7): replaces the set; answers the saved list. */
export function useUpdatePaymentAccounts() {
  return useMutation({
    mutationFn: async (input: PaymentAccountsInput) =>
      PaymentAccountListSchema.parse(await apiRequest("POST", PAYMENT_ACCOUNTS_KEY[0], input)),
    onSuccess: (accounts) => queryClient.setQueryData(PAYMENT_ACCOUNTS_KEY, accounts),
  });
}
