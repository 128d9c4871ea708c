import type { BetterAuthPlugin, User } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { Mailer } from "../../mail/mailer";
import { resetPasswordMail, signUpAttemptMail, verifyEmailMail } from "../../mail/messages";

/** Where the verification link lands: the app, which then drops the banner. */
export const VERIFIED_LANDING = "/?email-verified=1";

type Deps = {
  mailer: Mailer;
  publicUrl: string;
  /** The user a passkey assertion proves, or null (features/passkeys). */
  verifyPasskey: (response: unknown) => Promise<string | null>;
};

/**
 * Recovery, verification, enumeration-safe sign-up and passkey sign-in, as better-auth
 * options. Sign-up never signs in inside better-auth (`autoSignIn: false`), so an address
 * already registered gets exactly the answer a new one gets (and its owner gets an email);
 * the plugin's hook then signs in a user it really created.
 */
export function accountControlAuthOptions({ mailer, publicUrl, verifyPasskey }: Deps) {
  // The user whose password a request reset: better-auth hands the same Request to
  // onPasswordReset and to the after hook, which signs that user in.
  const resetBy = new WeakMap<Request, string>();

  const plugin = {
    id: "collect-account-control",
    endpoints: {
      signInPasskey: createAuthEndpoint(
        "/passkey/sign-in",
        { method: "POST", body: z.object({ response: z.record(z.string(), z.unknown()) }) },
        async (ctx) => {
          const userId = await verifyPasskey(ctx.body.response);
          const user = userId ? await ctx.context.internalAdapter.findUserById(userId) : null;
          if (!user) throw new APIError("UNAUTHORIZED", { message: "That passkey was not accepted." });
          await signIn(ctx, user);
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { token?: unknown; user?: { id?: unknown } } | undefined;
            const id = returned?.user?.id;
            if (!returned || returned instanceof Error || typeof id !== "string") return;
            // The duplicate answer carries a made-up user that is not in the database.
            const user = await ctx.context.internalAdapter.findUserById(id);
            if (user) await signIn(ctx, user);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.request ? resetBy.get(ctx.request) : undefined;
            const user = userId ? await ctx.context.internalAdapter.findUserById(userId) : null;
            if (user) await signIn(ctx, user);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    emailAndPassword: {
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Without mail there is no reset: better-auth then answers RESET_PASSWORD_DISABLED, which the page explains.
      sendResetPassword: mailer.enabled
        ? async ({ user, token }: { user: User; token: string }) => {
            const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
            void mailer.send(resetPasswordMail(user.email, url));
          }
        : undefined,
      onPasswordReset: async ({ user }: { user: User }, request?: Request) => {
        if (request) resetBy.set(request, user.id);
      },
      onExistingUserSignUp: async ({ user }: { user: User }) => {
        void mailer.send(signUpAttemptMail(user.email, publicUrl));
      },
    },
    emailVerification: {
      sendOnSignUp: mailer.enabled,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }: { user: User; token: string }) => {
        const url = `${publicUrl}/api/identity/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFIED_LANDING)}`;
        void mailer.send(verifyEmailMail(user.email, url));
      },
    },
    plugin,
  };
}

type EndpointContext = Parameters<typeof setSessionCookie>[0];

async function signIn(ctx: EndpointContext, user: User): Promise<void> {
  const session = await ctx.context.internalAdapter.createSession(user.id);
  if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "Could not sign you in." });
  await setSessionCookie(ctx, { session, user });
}
