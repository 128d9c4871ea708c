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

/**
 * What a payer-email field says until the address is confirmed (the server refuses it till then).
 * English: a screen shows it through `i18n._(CONFIRM_FIRST_HINT)`.
 */
export const CONFIRM_FIRST_HINT =
  /*i18n*/ "Confirm your email address first: Collect emails payers only for confirmed accounts.";

/**
 * Whether Collect would refuse to email a payer for this account yet: mail works, address
 * unconfirmed. Read from the cache, not fetched: the layout's email banner loads the account on
 * every signed-in screen, and a form should not wait for it.
 */
export function usePayerMailNeedsConfirm(): boolean {
  const { data: account } = useQuery({ ...accountQueryOptions, enabled: false });
  return Boolean(account?.mailEnabled && !account.emailVerified);
}

/** Sends the confirmation email again (a few an hour). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest("POST", `${ACCOUNT_URL}/verification-email`) });
}
