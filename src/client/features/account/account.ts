import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";

const ACCOUNT_URL = "/api/account";

/**
 * The signed-in account's security state (GET /api/account): verification, password, mail. No
 * retry, as every query (lib/query-client.ts).
 */
export const accountQueryOptions = queryOptions({
  queryKey: [ACCOUNT_URL] as const,
  queryFn: async () => {
    const [data, { AccountStatusSchema }] = await Promise.all([
      apiRequest("GET", ACCOUNT_URL),
      import("#shared/schemas/account.ts"),
    ]);
    return AccountStatusSchema.parse(data);
  },
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

/** Sends the confirmation email again (a few an hour). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest("POST", `${ACCOUNT_URL}/verification-email`) });
}
