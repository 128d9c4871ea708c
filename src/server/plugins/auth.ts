import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema";
import type { Config } from "../env";
import type { accountControlAuthOptions } from "../features/account-security/auth-options";
import { hashPassword, verifyPassword } from "../lib/password";
import { HttpError } from "./errors";
import { CLIENT_IP_HEADER, webHeaders } from "./web-bridge";

export const OIDC_PROVIDER_ID = "oidc";

export function createAuth(
  config: Config & { authSecret: string },
  db: Db,
  accountControl: ReturnType<typeof accountControlAuthOptions>,
) {
  return betterAuth({
    appName: "Collect",
    baseURL: config.publicUrl,
    basePath: "/api/identity",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    // Signed-in calls read the session from a signed cookie for up to 60 s instead of the
    // database (docs/decisions/003-session-cookie-cache.md).
    session: { cookieCache: { enabled: true, maxAge: 60 } },
    emailAndPassword: {
      enabled: config.passwordSignIn,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: (password) => hashPassword(password), verify: verifyPassword },
      // Reset by email, enumeration-safe sign-up (features/account-security/auth-options.ts).
      ...accountControl.emailAndPassword,
    },
    // Email verification and passkey sign-in (features/account-security/auth-options.ts).
    emailVerification: accountControl.emailVerification,
    // Counters live in the database so every app process shares them (DESIGN.md "Scaling out").
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 60, max: 10 },
        "/sign-up/*": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      accountControl.plugin,
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

export type SessionUser = { id: string; email: string };

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** How long one process reuses a verified session cookie without checking it again. */
const SESSION_MEMO_MS = 5_000;

/** Decorates every request with a lazily read session; `requireUser` is the preHandler for signed-in routes. */
export function registerSession(app: FastifyInstance, auth: Auth) {
  app.decorateRequest("user", null);
  // Verified cookies → their user, for a few seconds: better-auth's check of its signed cookie
  // (HMAC through WebCrypto, endpoint context) was ~30% of a create request's CPU
  // (docs/decisions/003-session-cookie-cache.md).
  const memo = new Map<string, { user: SessionUser; until: number }>();
  const guard = (fresh: boolean) =>
    async function requireUser(request: FastifyRequest): Promise<void> {
      const cookie = request.headers.cookie;
      const remembered = !fresh && cookie ? memo.get(cookie) : undefined;
      if (remembered && remembered.until > Date.now()) {
        request.user = remembered.user;
        return;
      }
      const session = await auth.api.getSession({
        headers: webHeaders(request),
        query: fresh ? { disableCookieCache: true } : undefined,
      });
      if (!session) {
        if (cookie) memo.delete(cookie);
        throw new HttpError(401, "Unauthorized");
      }
      request.user = { id: session.user.id, email: session.user.email };
      if (cookie) {
        if (memo.size >= 10_000) memo.clear();
        const until = Math.min(Date.now() + SESSION_MEMO_MS, new Date(session.session.expiresAt).getTime());
        memo.set(cookie, { user: request.user, until });
      }
    };
  return {
    /** Trusts better-auth's signed session cookie for up to a minute: no query per call. */
    requireUser: guard(false),
    /** Always checks the session row (GET /api/auth/user, which the app reads first). */
    requireFreshUser: guard(true),
  };
}

/** The signed-in caller of a route guarded by `requireUser`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, "Unauthorized");
  return request.user;
}
