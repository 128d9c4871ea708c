import type { ApiErrorDetails } from "#client/lib/api.ts";
import { CREDENTIAL_MESSAGES } from "#shared/schemas/sign-in.ts";

export const SIGN_IN_MESSAGES = {
  ...CREDENTIAL_MESSAGES,
  invalid: /*i18n*/ "Invalid email or password.",
  taken: /*i18n*/ "An account with this email already exists. Sign in instead.",
  rateLimited: /*i18n*/ "Too many attempts. Please wait a minute and try again.",
  busy: /*i18n*/ "The server is busy. Please try again in a moment.",
  notLinked:
    /*i18n*/ "An account with this email already exists. Sign in with your password and verify your email, then you can continue with single sign-on too.",
  providerFailed: /*i18n*/ "Signing in with single sign-on did not work. Please try again.",
  fallback: /*i18n*/ "Something went wrong. Please try again.",
} as const;

/**
 * A sentence for a failed sign-in or sign-up, from better-auth's `{message, code}`: in English (the
 * message id), shown through `i18n._`.
 */
export function signInErrorMessage({ status, code, message }: ApiErrorDetails): string {
  const text = message.toLowerCase();
  // The per-account lock says how long to wait; better-auth's per-IP answer does not.
  if (status === 429) return text.includes("this account") ? message : SIGN_IN_MESSAGES.rateLimited;
  if (status === 503) return SIGN_IN_MESSAGES.busy;
  if (code?.startsWith("USER_ALREADY_EXISTS") || text.includes("already exists"))
    return SIGN_IN_MESSAGES.taken;
  if (code === "PASSWORD_TOO_SHORT" || text.includes("password too short"))
    return SIGN_IN_MESSAGES.shortPassword;
  if (code === "PASSWORD_TOO_LONG" || text.includes("password too long"))
    return SIGN_IN_MESSAGES.longPassword;
  if (code === "INVALID_EMAIL") return SIGN_IN_MESSAGES.badEmail;
  if (status === 401 || code === "INVALID_EMAIL_OR_PASSWORD") return SIGN_IN_MESSAGES.invalid;
  return message.trim() || SIGN_IN_MESSAGES.fallback;
}

/** A sentence for `?error=` after a failed single sign-on (better-auth's error codes), in English: shown through `i18n._`. */
export function providerErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return code === "account_not_linked" ? SIGN_IN_MESSAGES.notLinked : SIGN_IN_MESSAGES.providerFailed;
}
