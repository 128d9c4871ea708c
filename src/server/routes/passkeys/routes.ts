import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import { deletePasskey, listPasskeys } from "#server/auth/passkey-queries.ts";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import {
  PasskeyInfoSchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  WebAuthnOptionsSchema,
  WebAuthnResponseSchema,
} from "#shared/schemas/account.ts";

const toInfo = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Adding, listing and removing the caller's passkeys, and the public challenge for passkey
 * sign-in (the sign-in itself is better-auth's /api/identity/passkey/sign-in, which makes the session).
 */
export const passkeyRoutes =
  ({ db, webAuthn, freshlySignedIn, limiter }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Public, and each answer stores a challenge: a bound per client address keeps that small.
    app.post(
      "/api/passkeys/sign-in-options",
      { schema: { response: { 200: WebAuthnOptionsSchema } } },
      async (request) => {
        await limiter.check("passkeyOptions", request.ip);
        return { ...(await webAuthn.signInOptions()) };
      },
    );

    await app.register(
      freshlySignedIn(async (app) => {
        app.get("/api/passkeys", { schema: { response: { 200: PasskeyListSchema } } }, async (request) =>
          (await listPasskeys(db, signedInUser(request).id)).map(toInfo),
        );

        app.post(
          "/api/passkeys/registration-options",
          { schema: { response: { 200: WebAuthnOptionsSchema } } },
          async (request) => ({ ...(await webAuthn.registrationOptions(signedInUser(request))) }),
        );

        app.post(
          "/api/passkeys",
          { schema: { body: WebAuthnResponseSchema, response: { 201: PasskeyInfoSchema } } },
          async (request, reply) => {
            const saved = await webAuthn.register(
              signedInUser(request).id,
              request.body.response,
              request.headers["user-agent"],
            );
            if (!saved) throw new HttpError(400, "That passkey could not be added. Please try again.");
            return reply.status(201).send(toInfo(saved));
          },
        );

        app.delete(
          "/api/passkeys/:id",
          { schema: { params: PasskeyParamsSchema, response: { 204: z.null() } } },
          async (request, reply) => {
            if (!(await deletePasskey(db, signedInUser(request).id, request.params.id))) {
              throw new HttpError(404, "Not found");
            }
            return reply.status(204).send(null);
          },
        );
      }),
    );
  };
