import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { liveTokens, newToken } from "#server/auth/api-tokens.ts";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { apiTokens, users } from "#server/db/schema.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { CAPS } from "#server/limits.ts";
import { CreatedTokenSchema, CreateTokenSchema, TokenListSchema } from "#shared/schemas/api-token.ts";
import { IdParamsSchema } from "#shared/schemas/payment-request.ts";

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
export const TOO_MANY_TOKENS = `You have ${CAPS.perAccount.apiTokens} tokens. Revoke a token before making another.`;

type Row = typeof apiTokens.$inferSelect;
const toToken = (row: Row) => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as z.infer<typeof TokenListSchema>["tokens"][number]["scopes"],
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Serialises one account's token writes: the cap holds when two are made at once. */
async function lockAccount(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * Personal API tokens (Profile → Developer, docs/api.md): made, listed, revoked with the session
 * cookie only (freshly checked); no token can manage tokens (auth/api-tokens.ts scopeFor).
 */
export const tokenRoutes = ({ db, freshlySignedIn, clock, accountMail }: AppContext): FastifyPluginAsyncZod =>
  freshlySignedIn(async (app) => {
    app.get("/api/tokens", { schema: { response: { 200: TokenListSchema } } }, async (request) => {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, signedInUser(request).id), liveTokens(clock.now())))
        .orderBy(asc(apiTokens.createdAt));
      return { tokens: rows.map(toToken) };
    });

    app.post(
      "/api/tokens",
      { schema: { body: CreateTokenSchema, response: { 201: CreatedTokenSchema } } },
      async (request, reply) => {
        const userId = signedInUser(request).id;
        const now = clock.now();
        const expiresAt = request.body.expiresAt ? new Date(request.body.expiresAt) : null;
        if (expiresAt && (expiresAt <= now || expiresAt.getTime() - now.getTime() > YEAR_MS)) {
          throw new HttpError(400, "Choose an expiry within the next year.", { field: "expiresAt" });
        }
        const made = newToken();
        const row = await db.transaction(async (tx) => {
          await lockAccount(tx, userId);
          // Expired tokens make room: they are gone for every purpose but this count.
          await tx
            .delete(apiTokens)
            .where(and(eq(apiTokens.userId, userId), sql`${apiTokens.expiresAt} <= ${now}`));
          const [{ value } = { value: 0 }] = await tx
            .select({ value: count() })
            .from(apiTokens)
            .where(eq(apiTokens.userId, userId));
          if (value >= CAPS.perAccount.apiTokens) throw new HttpError(409, TOO_MANY_TOKENS);
          const [inserted] = await tx
            .insert(apiTokens)
            .values({
              userId,
              name: request.body.name,
              scopes: request.body.scopes,
              tokenHash: made.tokenHash,
              hint: made.hint,
              createdAt: now,
              expiresAt,
            })
            .returning();
          return inserted as Row;
        });
        // Its owner hears of it, as of a new sign-in: a token reaches the account from outside.
        const { email } = signedInUser(request);
        await accountMail.send({ kind: "token-created", userId, to: email, url: row.name });
        return reply.status(201).send({ ...toToken(row), token: made.token });
      },
    );

    app.delete(
      "/api/tokens/:id",
      { schema: { params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const { id } = request.params;
        const gone = isUuid(id)
          ? await db
              .delete(apiTokens)
              .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, signedInUser(request).id)))
              .returning({ id: apiTokens.id })
          : [];
        if (gone.length === 0) throw new HttpError(404, "Not found");
        return reply.status(204).send(null);
      },
    );
  });
