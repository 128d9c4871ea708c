import { useMutation } from "@tanstack/react-query";
import type { SetupInput } from "../../../shared/schemas/user";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { setUser } from "../../lib/set-user";
import { paymentAccountsQuery } from "../payment-accounts/api";

/** POST /api/auth/setup: profile name and first payment accounts; answers the user. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: async (input: SetupInput) => setUser(await apiRequest("POST", "/api/auth/setup", input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQuery.queryKey }),
  });
}
