import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";

export const ACCOUNT_QUERY_KEY = ["/api/account"] as const;

/** The signed-in account's security state (GET /api/account): verification, password, mail. */
export const accountQueryOptions = queryOptions({
  queryKey: ACCOUNT_QUERY_KEY,
  queryFn: async () => {
    const [data, { AccountStatusSchema }] = await Promise.all([
      apiRequest("GET", ACCOUNT_QUERY_KEY[0]),
      import("../../shared/schemas/account"),
    ]);
    return AccountStatusSchema.parse(data);
  },
  retry: false,
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

/** Sends the confirmation email again (a few an hour). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/account/verification-email") });
}
