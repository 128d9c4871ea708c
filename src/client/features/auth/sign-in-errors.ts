import type { ApiErrorDetails } from "#client/lib/api.ts";
import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/limits.ts";
import { NewPasswordSchema } from "#shared/schemas/account.ts";
import type { SignInMode } from "./sign-in-mode";

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password.",
  taken: "An account with this email already exists. Sign in instead.",
  shortPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  longPassword: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  busy: "The server is busy. Please try again in a moment.",
  notLinked:
    "An account with this email already exists. Sign in with your password and verify your email, then you can continue with single sign-on too.",
  providerFailed: "Signing in with single sign-on did not work. Please try again.",
  missing: "Please enter your email and password.",
  badEmail: "Please enter a valid email address.",
  fallback: "Something went wrong. Please try again.",
} as const;

/** A sentence for a failed sign-in or sign-up, from better-auth's `{message, code}`. */
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

/** A sentence for `?error=` after a failed single sign-on (better-auth's error codes). */
export function providerErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return code === "account_not_linked" ? SIGN_IN_MESSAGES.notLinked : SIGN_IN_MESSAGES.providerFailed;
}

/**
 * Why a new password (sign-up, reset) would be refused, checked by the shared schema and said as
 * these screens say it; null when it will do.
 */
export function newPasswordProblem(password: string): string | null {
  const parsed = NewPasswordSchema.safeParse(password);
  if (parsed.success) return null;
  return parsed.error.issues.some((issue) => issue.code === "too_big")
    ? SIGN_IN_MESSAGES.longPassword
    : SIGN_IN_MESSAGES.shortPassword;
}

/** Checks done before calling the server; null when the form may be sent. */
export function credentialsProblem(mode: SignInMode, email: string, password: string): string | null {
  if (email.trim() === "" || password === "") return SIGN_IN_MESSAGES.missing;
  if (!EMAIL_PATTERN.test(email.trim())) return SIGN_IN_MESSAGES.badEmail;
  return mode === "sign-up" ? newPasswordProblem(password) : null;
}
