import { type BetterAuthOptions, type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { openAPI } from "better-auth/plugins/open-api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerOf, type TokenVerifier } from "#server/auth/api-tokens.ts";
import { type HashQueue, HashQueueFull } from "#server/auth/hash-queue.ts";
import { createPasswordHasher } from "#server/auth/password.ts";
import type { Db } from "#server/db/client.ts";
import { accounts, rateLimits, sessions, users, verifications } from "#server/db/schema.ts";
import type { Config } from "#server/env.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { LIMITS } from "#server/limits.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { UNSAFE_TEXT } from "#shared/schemas/user.ts";
import { passwordPolicy } from "./password-policy";
import { cookieValue, createSessionMemo } from "./session-memo";
import { CLIENT_IP_HEADER, webHeaders } from "./web-bridge";

export const OIDC_PROVIDER_ID = "oidc";
const PASSWORD_WINDOW_S = LIMITS.passwordPerAddress.windowMs / 1000;

/**
 * Recovery, verification and passkey sign-in as better-auth options: what createAuth needs from
 * routes/account, which builds them (a plugin names the shape, never the feature).
 */
export type AccountControlOptions = {
  emailAndPassword: Omit<NonNullable<BetterAuthOptions["emailAndPassword"]>, "enabled">;
  emailVerification: BetterAuthOptions["emailVerification"];
  plugin: BetterAuthPlugin;
};
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT, "gu");

/** A full hash queue answers 503 with Retry-After instead of waiting (auth/hash-queue.ts). */
function busyToApiError(error: unknown): never {
  if (error instanceof HashQueueFull) {
    throw new APIError(
      "SERVICE_UNAVAILABLE",
      { message: error.message, code: "BUSY" },
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }
  throw error;
}

/** A name from an identity provider, as the profile-name rules would keep it (cookies, texts, pay page). */
function boundedName(name: unknown): string {
  return typeof name === "string" ? name.replace(UNSAFE_TEXT_ALL, "").trim().slice(0, 80) : "";
}

export function createAuth(
  config: Config & { authSecret: string },
  db: Db,
  {
    queue,
    accountControl,
    logger,
  }: {
    queue: HashQueue;
    accountControl: AccountControlOptions;
    /** better-auth's messages, into the app's log (plugins/logging.ts authLogger). */
    logger?: BetterAuthOptions["logger"];
  },
) {
  const hasher = createPasswordHasher(config.passwordHash, queue);
  return betterAuth({
    appName: "Collect",
    logger,
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
    // No session cookie cache: a signed-out session must stop working everywhere within 5 s,
    // which registerSession's memo keeps (docs/decisions/003-session-cookie-cache.md).
    session: { cookieCache: { enabled: false } },
    emailAndPassword: {
      enabled: config.passwordSignIn,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: (password) => hasher.hash(password).catch(busyToApiError),
        verify: (input) => hasher.verify(input).catch(busyToApiError),
      },
      // Reset by email, enumeration-safe sign-up (auth/auth-options.ts).
      ...accountControl.emailAndPassword,
    },
    // An identity provider's account joins an existing one only when that account proved its
    // email; otherwise whoever pre-registered the address with a password would share it.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: boundedName(user.name), image: null } }),
        },
      },
    },
    // Email verification and passkey sign-in (auth/auth-options.ts).
    emailVerification: accountControl.emailVerification,
    // Counters live in the database so every app process shares them (docs/operations.md, Running at scale).
    // Its rules come from limits.ts (behind Collect's own per-address count of password
    // attempts); better-auth keeps these counts in its rate_limit table, which it prunes.
    rateLimit: {
      enabled: config.rateLimits,
      storage: "database",
      window: LIMITS.identityPerAddress.windowMs / 1000,
      max: LIMITS.identityPerAddress.max,
      customRules: {
        "/sign-in/*": { window: PASSWORD_WINDOW_S, max: LIMITS.passwordPerAddress.max },
        "/sign-up/*": { window: PASSWORD_WINDOW_S, max: LIMITS.passwordPerAddress.max },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      passwordPolicy(hasher),
      accountControl.plugin,
      // For the API reference (plugins/openapi.ts); its page is off, and routes/identity serves neither path.
      openAPI({ disableDefaultReference: true }),
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

/** The mark of a scope whose every route requires a signed-in user (rate limits read it too). */
const SIGNED_IN_SCOPE = "signedInScope";

/** Whether routes declared on `instance` sit in a `signedIn` or `freshlySignedIn` scope. */
export const inSignedInScope = (instance: FastifyInstance): boolean => instance.hasDecorator(SIGNED_IN_SCOPE);

/** Routes that answer 401 before anything else of theirs runs unless the caller is signed in. */
export type SignedInScope = (routes: FastifyPluginAsyncZod) => FastifyPluginAsyncZod;

/**
 * Decorates every request with a lazily read session, and gives the two signed-in scopes: each
 * route folder wraps its signed-in routes once (`signedIn(async (app) => …)`), never per route.
 */
export function registerSession(
  app: FastifyInstance,
  auth: Auth,
  verifyToken: TokenVerifier,
  memo = createSessionMemo<SessionUser>(),
) {
  app.decorateRequest("user", null);
  // Verified tokens → their user for 5 s: better-auth's check (signed cookie, endpoint context,
  // one query) was ~30% of a create request's CPU; 5 s is also how long a signed-out session
  // may still write in another process (docs/decisions/003-session-cookie-cache.md).
  const cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
  const tokenOf = async (request: FastifyRequest) => cookieValue(request.headers.cookie, await cookieName);
  const guard = (fresh: boolean) =>
    async function requireUser(request: FastifyRequest): Promise<void> {
      // A script's personal API token, on the routes its scopes name (auth/api-tokens.ts): it
      // alone decides, whatever cookie comes with it.
      const bearer = bearerOf(request);
      if (bearer !== undefined) {
        const caller = await verifyToken(bearer, request.method, request.routeOptions.url ?? "");
        request.user = { id: caller.id, email: caller.email };
        return;
      }
      const token = await tokenOf(request);
      if (!token) throw new HttpError(401, "Unauthorized");
      const verify = async () => {
        const session = await auth.api.getSession({ headers: webHeaders(request) });
        return session
          ? {
              value: { id: session.user.id, email: session.user.email },
              expiresAt: new Date(session.session.expiresAt).getTime(),
            }
          : null;
      };
      request.user = await memo.lookup(token, verify, { fresh });
      if (!request.user) throw new HttpError(401, "Unauthorized");
    };
  // An encapsulated scope: its preHandler hook runs before every route-level one (the write
  // limits, keyed by the user it finds) and reaches no route outside it.
  const scope =
    (fresh: boolean): SignedInScope =>
    (routes) =>
    async (app) => {
      app.decorate(SIGNED_IN_SCOPE, true);
      app.addHook("preHandler", guard(fresh));
      await routes(app, {});
    };
  return {
    /** Trusts a token verified in the last 5 s: no query per call. */
    signedIn: scope(false),
    /** Always checks the session row (account security, passkeys, and GET /api/auth/user, which the app reads first). */
    freshlySignedIn: scope(true),
    /**
     * Whether the session a long request opened with still stands (signed out, revoked by a
     * password change or a deleted account: no). Always asks better-auth, like freshlySignedIn;
     * a check that fails (database down) is not a sign-out and answers true.
     */
    sessionAlive: async (request: FastifyRequest): Promise<boolean> => {
      const session = await auth.api.getSession({ headers: webHeaders(request) }).catch((error: unknown) => {
        request.log.warn({ err: error }, "session re-check failed");
        return undefined;
      });
      if (session === undefined) return true;
      if (session?.user.id === request.user?.id) return true;
      const token = await tokenOf(request);
      if (token) memo.delete(token);
      return false;
    },
    /** Forgets the caller's token in this process at once (sign-out). */
    forgetSession: async (request: FastifyRequest) => {
      const token = await tokenOf(request);
      if (token) memo.delete(token);
    },
  };
}

/** The signed-in caller of a route in a signed-in scope. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, "Unauthorized");
  return request.user;
}
