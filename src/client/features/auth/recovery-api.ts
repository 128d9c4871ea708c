import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "#client/lib/api.ts";
import type { ResetPasswordInput } from "#shared/schemas/account.ts";

/** better-auth's reset request: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest("POST", "/api/identity/request-password-reset", { email, redirectTo: "/reset-password" }),
  });
}

/**
 * Whether the emailed link still works, asked as the page opens (GET /api/account/reset-token):
 * true, false for a used or expired one; an error (offline, limited) leaves the form to try.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ["/api/account/reset-token", token],
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      apiRequest("GET", `/api/account/reset-token/${encodeURIComponent(token)}`).then(
        () => true,
        (error: unknown) =>
          error instanceof ApiError && error.status === 404 ? false : Promise.reject(error),
      ),
  });
}

/** Sets the new password from the emailed link; the server signs this browser in and every other one out. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest("POST", "/api/identity/reset-password", input),
  });
}

/** Passkey sign-in: a challenge, the browser's authenticator, then better-auth makes the session. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const [{ startAuthentication }, optionsJSON] = await Promise.all([
        import("@simplewebauthn/browser"),
        apiRequest("POST", "/api/passkeys/sign-in-options"),
      ]);
      const response = await startAuthentication({
        optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
      return apiRequest("POST", "/api/identity/passkey/sign-in", { response });
    },
  });
}
