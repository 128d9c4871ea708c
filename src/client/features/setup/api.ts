import { useMutation } from "@tanstack/react-query";
import { setUser } from "#client/features/auth/set-user.ts";
import { paymentAccountsQuery } from "#client/features/payment-accounts/api.ts";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import type { SetupInput } from "#shared/schemas/user.ts";

/** POST /api/auth/setup: profile name and first payment accounts; answers the user. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: async (input: SetupInput) => setUser(await apiRequest("POST", "/api/auth/setup", input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQuery.queryKey }),
  });
}
