import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OIDC_PROVIDER_ID, signedInUser } from "#server/auth/auth.ts";
import { forwardCookies, webHeaders } from "#server/auth/web-bridge.ts";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { safeReturnTo } from "#shared/return-to.ts";
import { SignInOptionsSchema } from "#shared/schemas/sign-in.ts";
import { ProfileInputSchema, SetupInputSchema, UserSchema } from "#shared/schemas/user.ts";
import { completeSetup, findUser, updateProfile } from "./queries";

const LoginQuery = z.object({
  returnTo: z.string().optional(),
  /** "oidc": the "Continue with …" button, when password sign-in is on too. */
  provider: z.literal(OIDC_PROVIDER_ID).optional(),
});

/**
 * Browsers say where a navigation came from. A link on another site (or a sibling subdomain)
 * must not end the session; typed, bookmarked or same-origin ones may. Clients that send no
 * Sec-Fetch-Site are treated as before.
 */
function isForeignNavigation(site: string | string[] | undefined): boolean {
  return site === "cross-site" || site === "same-site";
}

/** Sign-in and sign-out navigations and the user's own calls (docs/product.md#sign-in-and-session, #user-and-profile). */
export const authRoutes =
  ({ db, auth, config, signedIn, freshlySignedIn, forgetSession }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/login", { schema: { querystring: LoginQuery } }, async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      const signInPage = `/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
      if (!config.oidc || (config.passwordSignIn && !request.query.provider))
        return reply.redirect(signInPage);
      // To the OpenID Connect provider: chosen on the sign-in page, or the only way in.
      const response = await auth.api.signInSocial({
        // A refused sign-in comes back to the sign-in page, which explains `?error=`.
        body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo, errorCallbackURL: signInPage },
        headers: webHeaders(request),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!response.ok || !url) throw new HttpError(502, "The sign-in provider is not reachable.");
      forwardCookies(reply, response);
      return reply.redirect(url);
    });

    const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
      await forgetSession(request);
      const response = await auth.api.signOut({ headers: webHeaders(request), asResponse: true });
      // Again once the row is gone: a check that began in between found it and is not kept.
      await forgetSession(request);
      forwardCookies(reply, response);
    };

    // Sign-out by navigation (docs/product.md#sign-in-and-session); from another site it only asks (the sign-out page).
    app.get("/api/logout", async (request, reply) => {
      if (isForeignNavigation(request.headers["sec-fetch-site"])) return reply.redirect("/sign-out");
      await signOut(request, reply);
      return reply.redirect("/");
    });

    // The app's own Logout button (the CSRF guard checks its origin).
    app.post("/api/logout", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
      await signOut(request, reply);
      return reply.status(204).send(null);
    });

    app.get(
      "/api/auth/sign-in-options",
      { schema: { response: { 200: SignInOptionsSchema } } },
      async () => ({
        password: config.passwordSignIn,
        oidc: config.oidc ? { name: config.oidc.name } : null,
      }),
    );

    // The app reads the user first: a revoked session must not pass the 5 s memo here.
    await app.register(
      freshlySignedIn(async (app) => {
        app.get("/api/auth/user", { schema: { response: { 200: UserSchema } } }, async (request) => {
          const user = await findUser(db, signedInUser(request).id);
          if (!user) throw new HttpError(401, "Unauthorized");
          return user;
        });
      }),
    );

    await app.register(
      signedIn(async (app) => {
        app.post(
          "/api/auth/setup",
          { schema: { body: SetupInputSchema, response: { 200: UserSchema } } },
          async (request) => {
            const user = await completeSetup(db, signedInUser(request).id, request.body);
            if (!user) throw new HttpError(401, "Unauthorized");
            return user;
          },
        );

        app.put(
          "/api/auth/profile",
          { schema: { body: ProfileInputSchema, response: { 200: UserSchema } } },
          async (request) => {
            const user = await updateProfile(db, signedInUser(request).id, request.body);
            if (!user) throw new HttpError(401, "Unauthorized");
            return user;
          },
        );
      }),
    );
  };
