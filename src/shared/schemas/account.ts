import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { ChosenPasswordSchema, CREDENTIAL_MESSAGES } from "./sign-in";

/**
 * A new password, as better-auth takes it (server/auth/auth.ts): sign-up, reset and change all
 * check it with this schema.
 */
export const NewPasswordSchema = z
  .string(/*i18n*/ "Please enter a new password.")
  .min(PASSWORD_MIN_LENGTH, /*i18n*/ "New password: at least 8 characters.")
  .max(PASSWORD_MAX_LENGTH, /*i18n*/ "New password: at most 128 characters.");

/** The hint under a new-password field. */
export const NEW_PASSWORD_HINT = /*i18n*/ "At least 8 characters.";

/** GET /api/account: what the Security section and the email banner need. */
export const AccountStatusSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** Has an email + password sign-in (otherwise only passkeys or OIDC). */
  hasPassword: z.boolean(),
  /** The server can send mail (SMTP_URL is set). */
  mailEnabled: z.boolean(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** POST /api/account/password. */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: z
    .string(/*i18n*/ "Please enter your current password.")
    .min(1, /*i18n*/ "Please enter your current password."),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** POST /api/identity/reset-password, from the "Choose a new password" page. */
export const ResetPasswordInputSchema = z.strictObject({
  token: z.string().min(1, /*i18n*/ "This link is not complete."),
  newPassword: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

/** The "Choose a new password" form (the token comes from the link), in the sign-in screens' words. */
export const ResetPasswordFormSchema = z.object({ newPassword: ChosenPasswordSchema });

/** What a session's browser runs on, from its user agent. */
export const DeviceKindSchema = z.enum(["phone", "tablet", "computer"]);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** One signed-in device, as the sessions list shows it (never the session token). */
export const SessionInfoSchema = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  /** Which picture the list shows for it. */
  kind: DeviceKindSchema,
  lastSeenAt: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.array(SessionInfoSchema);

/** DELETE /api/account: the password, or nothing right after a fresh sign-in (passkey users). */
export const DeleteAccountInputSchema = z.strictObject({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** The "Delete your account?" confirm for someone who has a password: it must be typed. */
export const DeleteAccountFormSchema = z.object({
  password: z
    .string()
    .min(1, /*i18n*/ "Please enter your password.")
    .max(PASSWORD_MAX_LENGTH, CREDENTIAL_MESSAGES.longPassword),
});

export const PasskeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;
export const PasskeyListSchema = z.array(PasskeyInfoSchema);

/** A WebAuthn response (JSON from @simplewebauthn/browser), checked by @simplewebauthn/server. */
export const WebAuthnResponseSchema = z.strictObject({
  response: z.record(z.string(), z.unknown()),
});

/** WebAuthn options for the browser: passed through as @simplewebauthn/server made them. */
export const WebAuthnOptionsSchema = z.record(z.string(), z.unknown());

/** A session id (better-auth's, opaque text). */
/** GET /api/account/reset-token/{token}: better-auth's reset tokens are 24 characters. */
export const ResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
/** The answer when a reset link no longer works (the page says it on arrival). */
export const RESET_LINK_USED = /*i18n*/ "This link has expired or was already used. Ask for a new one.";

export const SessionParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const PasskeyParamsSchema = z.object({ id: z.uuid(/*i18n*/ "Not found") });
