import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { safeReturnTo } from "../../../shared/return-to";
import { ProfileInputSchema, SetupInputSchema, UserSchema } from "../../../shared/schemas/user";
import type { AppContext } from "../../app";
import { OIDC_PROVIDER_ID, signedInUser } from "../../plugins/auth";
import { HttpError } from "../../plugins/errors";
import { forwardCookies, webHeaders } from "../../plugins/web-bridge";
import { completeSetup, findUser, updateProfile } from "./queries";

const ReturnToQuery = z.object({ returnTo: z.string().optional() });

/** Sign-in and sign-out navigations (DESIGN.md "Sign-in") and the account calls of spec §7. */
export const userRoutes =
  ({ db, auth, config, requireUser, requireFreshUser }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/login", { schema: { querystring: ReturnToQuery } }, async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (config.passwordSignIn) {
        return reply.redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
      }
      // Password sign-in off: straight to the OpenID Connect provider.
      const response = await auth.api.signInSocial({
        body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo, errorCallbackURL: "/" },
        headers: webHeaders(request),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!response.ok || !url) throw new HttpError(502, "The sign-in provider is not reachable.");
      forwardCookies(reply, response);
      return reply.redirect(url);
    });

    app.get("/api/logout", async (request, reply) => {
      const response = await auth.api.signOut({ headers: webHeaders(request), asResponse: true });
      forwardCookies(reply, response);
      return reply.redirect("/");
    });

    app.get(
      "/api/auth/user",
      { preHandler: requireFreshUser, schema: { response: { 200: UserSchema } } },
      async (request) => {
        const user = await findUser(db, signedInUser(request).id);
        if (!user) throw new HttpError(401, "Unauthorized");
        return user;
      },
    );

    app.post(
      "/api/auth/setup",
      { preHandler: requireUser, schema: { body: SetupInputSchema, response: { 200: UserSchema } } },
      async (request) => {
        const user = await completeSetup(db, signedInUser(request).id, request.body);
        if (!user) throw new HttpError(401, "Unauthorized");
        return user;
      },
    );

    app.put(
      "/api/auth/profile",
      { preHandler: requireUser, schema: { body: ProfileInputSchema, response: { 200: UserSchema } } },
      async (request) => {
        const user = await updateProfile(db, signedInUser(request).id, request.body);
        if (!user) throw new HttpError(401, "Unauthorized");
        return user;
      },
    );
  };
