import type { BetterAuthPlugin, User } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import type { AccountMail } from "#server/mail/account-mail.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { revokeDeveloperAccess } from "./api-tokens";
import { dropResetToken, voidResetTokens } from "./reset-tokens";

/** Where the verification link lands: the app, which then drops the banner. */
export const VERIFIED_LANDING = "/?email-verified=1";

type Deps = {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  /** Account mail goes through the job queue (mail/account-mail.ts): an SMTP outage delays it, never loses it. */
  accountMail: AccountMail;
  publicUrl: string;
  /** The user a passkey assertion proves, or null (routes/passkeys). */
  verifyPasskey: (response: unknown) => Promise<string | null>;
};

/**
 * What every sign-up that passes the checks is answered, new address or registered one: no
 * session, no user. The sign-in page then signs in through the normal sign-in with the same
 * email and password, which works only for whoever holds that password (docs/decisions/008-account-control.md).
 */
export const SIGN_UP_ANSWER = { status: true, message: "Check your email to continue." } as const;

/**
 * Recovery, verification, enumeration-safe sign-up and passkey sign-in, as better-auth
 * options. Sign-up never signs in (`autoSignIn: false`), and the plugin's hook answers it with
 * SIGN_UP_ANSWER, so an address already registered gets exactly the answer a new one gets
 * (better-auth hashes the password on both paths; the owner gets an email).
 */
export function accountControlAuthOptions({
  db,
  limiter,
  mailer,
  accountMail,
  publicUrl,
  verifyPasskey,
}: Deps) {
  /** True while one more `kind` of mail to the user fits its allowance (limits.ts); counts it. */
  const mayMail = async (kind: "resetMail" | "signUpNotice", userId: string) => {
    return (await limiter.wait(kind, userId)) === 0;
  };

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
            const returned = ctx.context.returned as { user?: unknown } | undefined;
            // better-auth's answer names a user: the real one, or a made-up one for a registered
            // address, told apart by its id. Errors (a weak password, …) stay as they are.
            if (!returned || returned instanceof Error || returned.user === undefined) return;
            return ctx.json(SIGN_UP_ANSWER);
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
      // At most one link is live: a new one voids the older ones. Past the mail allowance the
      // new token goes unsent, so it is dropped instead and the last link sent keeps working.
      // The caller's answer is the same either way.
      sendResetPassword: mailer.enabled
        ? async ({ user, token }: { user: User; token: string }) => {
            if (!(await mayMail("resetMail", user.id))) return dropResetToken(db, token);
            await voidResetTokens(db, user.id, token);
            const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
            await accountMail.send({ kind: "reset", userId: user.id, to: user.email, url });
          }
        : undefined,
      onPasswordReset: async ({ user }: { user: User }, request?: Request) => {
        await voidResetTokens(db, user.id);
        await revokeDeveloperAccess(db, user.id, new Date());
        if (request) resetBy.set(request, user.id);
      },
      onExistingUserSignUp: async ({ user }: { user: User }) => {
        if (await mayMail("signUpNotice", user.id))
          await accountMail.send({ kind: "sign-up-notice", userId: user.id, to: user.email });
      },
    },
    emailVerification: {
      sendOnSignUp: mailer.enabled,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }: { user: User; token: string }) => {
        const url = `${publicUrl}/api/identity/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFIED_LANDING)}`;
        await accountMail.send({ kind: "verify", userId: user.id, to: user.email, url });
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
