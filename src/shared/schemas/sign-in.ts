import { z } from "zod";
import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { ProfileNameSchema } from "./user";

/**
 * POST /api/identity/sign-up/email as Collect accepts it: nothing else is stored on the user,
 * and nothing unbounded reaches a cookie. The name may be left empty (the profile name comes
 * at setup); given, it follows the profile-name rules.
 */
export const SignUpInputSchema = z.strictObject({
  email: z.string().trim().max(254, /*i18n*/ "Email: at most 254 characters."),
  password: z.string(),
  name: z.preprocess((name) => (name === "" ? undefined : name), ProfileNameSchema.optional()),
});
export type SignUpInput = z.input<typeof SignUpInputSchema>;

/** POST /api/identity/sign-in/email: the email tells the per-account limit whose attempt it is. */
export const SignInInputSchema = z.strictObject({
  email: z.string().trim().max(254, /*i18n*/ "Email: at most 254 characters."),
  password: z.string(),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** GET /api/auth/sign-in-options: which ways to sign in the sign-in page offers. */
export const SignInOptionsSchema = z.object({
  password: z.boolean(),
  /** The OpenID Connect provider's name ("Continue with {name}"), when one is configured. */
  oidc: z.object({ name: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/** What the sign-in, create-account and forgot-password forms say about what was typed. */
export const CREDENTIAL_MESSAGES = {
  missing: /*i18n*/ "Please enter your email and password.",
  badEmail: /*i18n*/ "Please enter a valid email address.",
  shortPassword: /*i18n*/ "Password must be at least 8 characters.",
  longPassword: /*i18n*/ "Password must be at most 128 characters.",
} as const;

/** An email address as typed into a form: trimmed, and shaped like one. */
export const EmailAddressSchema = z
  .string()
  .trim()
  .max(254, /*i18n*/ "Email: at most 254 characters.")
  .regex(EMAIL_PATTERN, CREDENTIAL_MESSAGES.badEmail);

/**
 * A password chosen on "Create your account" or "Choose a new password": better-auth's length
 * rule (server/auth/password-policy.ts also refuses common ones, which only the server knows).
 */
export const ChosenPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, CREDENTIAL_MESSAGES.shortPassword)
  .max(PASSWORD_MAX_LENGTH, CREDENTIAL_MESSAGES.longPassword);

const filledIn = z.string().min(1, { message: CREDENTIAL_MESSAGES.missing, abort: true });
const filledInEmail = z.string().trim().min(1, { message: CREDENTIAL_MESSAGES.missing, abort: true });

/**
 * The sign-in form: both filled in, and an email shaped like one. Any password is tried (a wrong
 * one is the server's to refuse, saying alike whichever of the two was wrong).
 */
export const SignInFormSchema = z.object({
  email: filledInEmail.pipe(EmailAddressSchema),
  password: filledIn,
});

/** The create-account form: as sign-in, and a password the server's length rule takes. */
export const SignUpFormSchema = z.object({
  email: filledInEmail.pipe(EmailAddressSchema),
  password: filledIn.pipe(ChosenPasswordSchema),
});
export type CredentialsForm = z.input<typeof SignInFormSchema>;

/** The forgot-password form. */
export const ForgotPasswordFormSchema = z.object({ email: EmailAddressSchema });
