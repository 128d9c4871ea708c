import { z } from "zod";
import { ProfileNameSchema } from "./user";

/**
 * POST /api/identity/sign-up/email as Collect accepts it: nothing else is stored on the user,
 * and nothing unbounded reaches a cookie. The name may be left empty (the profile name comes
 * at setup); given, it follows the profile-name rules.
 */
export const SignUpInputSchema = z.strictObject({
  email: z.string().trim().max(254, "Email: at most 254 characters."),
  password: z.string(),
  name: z.preprocess((name) => (name === "" ? undefined : name), ProfileNameSchema.optional()),
});
export type SignUpInput = z.input<typeof SignUpInputSchema>;

/** POST /api/identity/sign-in/email: the email tells the per-account limit whose attempt it is. */
export const SignInInputSchema = z.strictObject({
  email: z.string().trim().max(254, "Email: at most 254 characters."),
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
