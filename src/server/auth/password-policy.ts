import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { weakPasswordProblem } from "#server/auth/common-passwords.ts";
import type { PasswordHasher } from "#server/auth/password.ts";

/** better-auth's endpoints that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};
const MIN_LENGTH = 8;

/**
 * Refuses easily guessed new passwords wherever one is set, and moves a hash made with an older
 * algorithm or cost to the current one at the next successful sign-in (while the password is
 * at hand). docs/decisions/007-password-hashing.md.
 */
export function passwordPolicy(hasher: PasswordHasher): BetterAuthPlugin {
  return {
    id: "collect-password-policy",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in NEW_PASSWORD_FIELD,
          handler: createAuthMiddleware(async (ctx) => {
            const field = NEW_PASSWORD_FIELD[ctx.path ?? ""] ?? "password";
            const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
            // Shorter ones get better-auth's own "too short" answer.
            if (typeof password !== "string" || password.length < MIN_LENGTH) return;
            const problem = await weakPasswordProblem(password);
            if (problem)
              throw APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: problem });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.newSession?.user.id;
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (!userId || typeof password !== "string") return;
            const accounts = await ctx.context.internalAdapter.findAccounts(userId);
            const stored = accounts.find((account) => account.providerId === "credential")?.password;
            if (!stored || !hasher.isOutdated(stored)) return;
            // A busy queue only postpones the rehash to a later sign-in.
            const fresh = await ctx.context.password.hash(password).catch(() => null);
            if (fresh) await ctx.context.internalAdapter.updatePassword(userId, fresh);
          }),
        },
      ],
    },
  };
}
