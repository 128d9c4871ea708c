import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";

/** The signed-in account's security state (GET /api/account): verification, password, mail. */
export const accountQueryOptions = queryOptions({
  queryKey: ["/api/account"],
  queryFn: async () => {
    const [data, { AccountStatusSchema }] = await Promise.all([
      apiRequest("GET", "/api/account"),
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
