import { APIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { revokeDeveloperAccess } from "#server/auth/api-tokens.ts";
import { signedInUser } from "#server/auth/auth.ts";
import { VERIFIED_LANDING } from "#server/auth/auth-options.ts";
import { resetTokenLive, voidResetTokens } from "#server/auth/reset-tokens.ts";
import { cookieValue } from "#server/auth/session-memo.ts";
import { DEVICE_COOKIE, lockMessage } from "#server/auth/sign-in-limits.ts";
import { forwardCookies, webHeaders } from "#server/auth/web-bridge.ts";
import type { AppContext } from "#server/context.ts";
import { HttpError, TooManyRequests } from "#server/lib/http-error.ts";
import { deviceLabel } from "#server/lib/user-agent.ts";
import { ownerTags } from "#server/storage/photo-keys.ts";
import {
  AccountStatusSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  RESET_LINK_USED,
  ResetTokenParamsSchema,
  SessionListSchema,
  SessionParamsSchema,
} from "#shared/schemas/account.ts";
import { accountExport } from "./export";
import { deleteAccountRows, deleteOtherSessions, deleteSession, findAccount, listSessions } from "./queries";

/** Without a password, deleting the account needs a sign-in at most this old. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/** Profile → Security: password, devices, verification, deletion and export, all the caller's own. */
export const accountSecurityRoutes =
  ({
    db,
    auth,
    mailer,
    storage,
    secret,
    freshlySignedIn,
    signInLimits,
    limiter,
    clock,
  }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Runs a check of the caller's password on the account's sign-in budget (a stolen session
     * is no better an oracle than the sign-in form): refused while locked, cleared when right.
     */
    const passwordCheck = async (
      request: FastifyRequest,
      check: () => Promise<boolean>,
    ): Promise<boolean> => {
      const email = signedInUser(request).email;
      const begun = await signInLimits.beginAttempt(
        email,
        cookieValue(request.headers.cookie, DEVICE_COOKIE),
      );
      if ("lockedMs" in begun) throw new TooManyRequests(lockMessage(begun.lockedMs), begun.lockedMs);
      const right = await check().catch(async (error: unknown) => {
        await signInLimits.uncount(begun);
        throw error;
      });
      if (right) await signInLimits.succeeded(begun);
      return right;
    };
    /** The caller's session row (id, age), read past the cookie cache. */
    const currentSession = async (headers: Headers) => {
      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      if (!found) throw new HttpError(401, "Unauthorized");
      return found.session;
    };
    // Public: the reset page asks as it opens, so a used or expired link says so before any typing.
    app.get(
      "/api/account/reset-token/:token",
      {
        schema: {
          params: ResetTokenParamsSchema,
          response: { 204: z.null(), 404: z.object({ message: z.string(), code: z.string() }) },
        },
      },
      async (request, reply) => {
        await limiter.check("resetTokenCheck", request.ip);
        if (await resetTokenLive(db, request.params.token)) return reply.status(204).send(null);
        return reply.status(404).send({ message: RESET_LINK_USED, code: "INVALID_TOKEN" });
      },
    );

    await app.register(
      freshlySignedIn(async (app) => {
        app.get("/api/account", { schema: { response: { 200: AccountStatusSchema } } }, async (request) => {
          const account = await findAccount(db, signedInUser(request).id);
          if (!account) throw new HttpError(401, "Unauthorized");
          return { ...account, mailEnabled: mailer.enabled };
        });

        app.post(
          "/api/account/verification-email",
          { schema: { response: { 204: z.null(), 503: z.object({ message: z.string() }) } } },
          async (request, reply) => {
            const user = signedInUser(request);
            if (!mailer.enabled) {
              // Said, not hidden: the error handler keeps 5xx details to the log.
              return reply
                .status(503)
                .send({ message: "Email is not set up on this server, so we can't send it." });
            }
            const account = await findAccount(db, user.id);
            if (account?.emailVerified) throw new HttpError(409, "Your email is already confirmed.");
            await limiter.check("verificationResend", user.id);
            await auth.api.sendVerificationEmail({
              body: { email: user.email, callbackURL: VERIFIED_LANDING },
            });
            return reply.status(204).send(null);
          },
        );

        app.post(
          "/api/account/password",
          { schema: { body: ChangePasswordInputSchema, response: { 204: z.null() } } },
          async (request, reply) => {
            let response = new Response();
            await passwordCheck(request, async () => {
              response = await auth.api.changePassword({
                body: { ...request.body, revokeOtherSessions: true },
                headers: webHeaders(request),
                asResponse: true,
              });
              return response.ok;
            });
            if (!response.ok) {
              const { code } = (await response.json().catch(() => ({}))) as { code?: string };
              if (code === "INVALID_PASSWORD")
                throw new HttpError(400, "currentPassword: That is not your current password.", {
                  field: "currentPassword",
                });
              if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
                throw new HttpError(
                  400,
                  "Your account has no password; it signs in with a passkey or single sign-on.",
                );
              throw new HttpError(response.status, "Your password could not be changed.");
            }
            // A reset link sent before the change would undo it; a token or endpoint made by
            // whoever else held the account outlives no password change either.
            await voidResetTokens(db, signedInUser(request).id);
            await revokeDeveloperAccess(db, signedInUser(request).id, clock.now());
            // The one session left is a new one: this browser gets its cookie.
            forwardCookies(reply, response);
            return reply.status(204).send(null);
          },
        );

        app.get(
          "/api/account/sessions",
          { schema: { response: { 200: SessionListSchema } } },
          async (request) => {
            const current = await currentSession(webHeaders(request));
            const rows = await listSessions(db, signedInUser(request).id);
            const devices = rows.map((row) => ({
              id: row.id,
              ...deviceLabel(row.userAgent),
              lastSeenAt: row.updatedAt.toISOString(),
              createdAt: row.createdAt.toISOString(),
              current: row.id === current.id,
            }));
            // This device first, then the others by last use.
            return devices.sort((a, b) => Number(b.current) - Number(a.current));
          },
        );

        app.delete(
          "/api/account/sessions/:id",
          { schema: { params: SessionParamsSchema, response: { 204: z.null() } } },
          async (request, reply) => {
            if (!(await deleteSession(db, signedInUser(request).id, request.params.id))) {
              throw new HttpError(404, "Not found");
            }
            return reply.status(204).send(null);
          },
        );

        app.post(
          "/api/account/sessions/sign-out-others",
          { schema: { response: { 200: z.object({ signedOut: z.number() }) } } },
          async (request) => {
            const current = await currentSession(webHeaders(request));
            return { signedOut: await deleteOtherSessions(db, signedInUser(request).id, current.id) };
          },
        );

        app.get("/api/account/export", async (request, reply) => {
          const data = await accountExport(db, signedInUser(request).id);
          if (!data) throw new HttpError(401, "Unauthorized");
          return reply
            .header("content-type", "application/json; charset=utf-8")
            .header("content-disposition", 'attachment; filename="collect-data.json"')
            .header("cache-control", "no-store")
            .send(data);
        });

        app.delete(
          "/api/account",
          { schema: { body: DeleteAccountInputSchema, response: { 204: z.null() } } },
          async (request, reply) => {
            const user = signedInUser(request);
            const headers = webHeaders(request);
            const account = await findAccount(db, user.id);
            if (!account) throw new HttpError(401, "Unauthorized");
            if (account.hasPassword) {
              const password = request.body?.password;
              if (!password)
                throw new HttpError(400, "password: Please enter your password to confirm.", {
                  field: "password",
                });
              const ok = await passwordCheck(request, () =>
                auth.api.verifyPassword({ body: { password }, headers }).then(
                  () => true,
                  (error: unknown) => (error instanceof APIError ? false : Promise.reject(error)),
                ),
              );
              if (!ok)
                throw new HttpError(400, "password: That password is not right.", { field: "password" });
            } else {
              const session = await currentSession(headers);
              if (Date.now() - session.createdAt.getTime() > FRESH_SIGN_IN_MS) {
                throw new HttpError(403, "Please sign in again, then delete your account within 10 minutes.");
              }
            }
            const signOut = await auth.api.signOut({ headers, asResponse: true });
            await deleteAccountRows(db, user.id);
            await Promise.all(ownerTags(secret, user.id).map((tag) => storage.deleteOwner(tag))).catch(
              (error) => request.log.error({ err: error }, "photos of a deleted account not removed"),
            );
            forwardCookies(reply, signOut);
            return reply.status(204).send(null);
          },
        );
      }),
    );
  };
