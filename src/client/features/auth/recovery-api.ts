import { useMutation } from "@tanstack/react-query";
import type { ResetPasswordInput } from "../../../shared/schemas/account";
import { apiRequest } from "../../lib/api";

/** better-auth's reset request: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest("POST", "/api/identity/request-password-reset", { email, redirectTo: "/reset-password" }),
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
