import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { ApiError, apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { type SignInOptions, SignInOptionsSchema } from "#shared/schemas/sign-in.ts";
import { rememberReturningBrowser } from "./sign-in-mode";

export type Credentials = { email: string; password: string };

const signedIn = () => {
  rememberReturningBrowser();
  void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
};

/** better-auth's email sign-in (docs/product.md "Sign-in and session"); sets the session cookie. */
export function useSignIn() {
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      apiRequest("POST", "/api/identity/sign-in/email", { email, password }),
    onSuccess: signedIn,
  });
}

/**
 * Sign-up answered, but the sign-in after it failed: the address already had an account with
 * another password. The server answers both alike and mails the owner; this says no more.
 */
export const SIGN_UP_NOT_SIGNED_IN =
  /*i18n*/ "Check your email to continue. If this email already has an account, sign in instead, or use Forgot password?";

/**
 * better-auth's email sign-up, then the normal sign-in with the same email and password: sign-up
 * answers a new address and a registered one alike, with no session (docs/decisions/008-account-control.md), and the
 * sign-in succeeds only for whoever holds the password. The name is set later, at setup.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) => {
      await apiRequest("POST", "/api/identity/sign-up/email", { email, password });
      try {
        await apiRequest("POST", "/api/identity/sign-in/email", { email, password });
      } catch (error) {
        // A wrong password for a registered address; a lock, a busy server say so themselves.
        if (error instanceof ApiError && error.status === 401)
          throw new ApiError(409, JSON.stringify({ message: SIGN_UP_NOT_SIGNED_IN }));
        throw error;
      }
    },
    onSuccess: signedIn,
  });
}

/** Until the server answers: password sign-in, nothing else (the usual setup). */
const PASSWORD_ONLY: SignInOptions = { password: true, oidc: null };

const SIGN_IN_OPTIONS_URL = "/api/auth/sign-in-options";

/** GET /api/auth/sign-in-options: read once per page load (the client's defaults: never stale, no retry). */
export const signInOptionsQuery = queryOptions({
  queryKey: [SIGN_IN_OPTIONS_URL] as const,
  queryFn: async (): Promise<SignInOptions> =>
    SignInOptionsSchema.parse(await apiRequest("GET", SIGN_IN_OPTIONS_URL)),
});

/** Which ways in the server offers (password, an OpenID Connect provider). */
export function useSignInOptions(): SignInOptions {
  return useQuery(signInOptionsQuery).data ?? PASSWORD_ONLY;
}
