import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "#server/db/client.ts";
import { apiTokens, users, webhookEndpoints } from "#server/db/schema.ts";
import { HttpError } from "#server/lib/http-error.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import type { TokenScope } from "#shared/schemas/api-token.ts";
import { WEBHOOK_OFF_REASONS } from "#shared/schemas/webhook.ts";

/**
 * Personal API tokens (docs/api.md): `Authorization: Bearer col_…`. A token is 32 random bytes,
 * so one SHA-256 is as good as a slow hash: nobody can guess their way to a stored one. Each call
 * looks its hash up (an index read): a revoked token, its row deleted, fails the next call in
 * every process at once.
 */

const PREFIX = "col_";
/** last_used_at is written at most this often per token: a script's every call is not a write. */
const LAST_USED_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new token: the text shown once, and what is stored of it. */
export function newToken(): { token: string; tokenHash: string; hint: string } {
  const token = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashToken(token), hint: token.slice(-4) };
}

/**
 * The routes a token may call, by URL prefix: reads (GET) need the `:read` scope, anything else
 * the `:write` one. Everything else — account, password, sessions, passkeys, tokens, webhooks,
 * profile, payment methods — answers 403 to a token, whatever its scopes.
 */
const SCOPED_PREFIXES: readonly [prefix: string, area: "requests" | "contacts"][] = [
  ["/api/payment-requests", "requests"],
  ["/api/splits", "requests"],
  ["/api/recurring-requests", "requests"],
  ["/api/balances", "requests"],
  ["/api/payees", "contacts"],
];

/** The scope a call to this route pattern needs, or null when no token may make it. */
export function scopeFor(method: string, routeUrl: string): TokenScope | null {
  const area = SCOPED_PREFIXES.find(
    ([prefix]) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`),
  )?.[1];
  if (!area) return null;
  return `${area}:${method === "GET" || method === "HEAD" ? "read" : "write"}`;
}

/** The token in an `Authorization: Bearer …` header, or undefined when the call brings none. */
export function bearerOf(request: Pick<FastifyRequest, "headers">): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

export type TokenCaller = { id: string; email: string; tokenId: string };

/**
 * Finds the token's account, or answers for it: 401 for a token that is unknown, revoked or
 * expired; 403 for a route its scopes do not name; 429 past its own limit (limits.ts apiToken).
 */
export function createTokenVerifier(db: Db, limiter: Limiter, now: () => Date) {
  return async function verifyToken(token: string, method: string, routeUrl: string): Promise<TokenCaller> {
    if (!token.startsWith(PREFIX) || token.length > 100) throw new HttpError(401, "Unauthorized");
    const at = now();
    const [row] = await db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        email: users.email,
        scopes: apiTokens.scopes,
        lastUsedAt: apiTokens.lastUsedAt,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.tokenHash, hashToken(token)), liveTokens(at)));
    if (!row) throw new HttpError(401, "Unauthorized");
    const needed = scopeFor(method, routeUrl);
    if (!needed) throw new HttpError(403, "API tokens cannot make this call: sign in instead.");
    if (!row.scopes.includes(needed)) {
      throw new HttpError(403, `This token lacks the ${needed} scope.`);
    }
    await limiter.check("apiToken", row.id);
    // At most once a minute per token, and never waited for: a lost write only shows an older time.
    if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      void db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(eq(apiTokens.id, row.id))
        .catch(() => {});
    }
    return { id: row.userId, email: row.email, tokenId: row.id };
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** Tokens still in force: not expired (revoked ones are gone). */
export const liveTokens = (at: Date) => or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, at));

/**
 * What a password reset or change takes back, as it ends the other sessions: whoever held the
 * account for a while could have made a token that never expires, or an endpoint that receives
 * every request's payer details. Its tokens are revoked and its endpoints turned off (the owner
 * turns back on the ones they know).
 */
export async function revokeDeveloperAccess(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: WEBHOOK_OFF_REASONS.password })
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.disabledAt)));
}
