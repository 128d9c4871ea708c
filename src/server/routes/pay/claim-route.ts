import { randomBytes } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "#server/context.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { readerLocale } from "#server/lib/reader-locale.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { ClaimInputSchema } from "#shared/schemas/claim.ts";
import { BALANCE_CODE_LENGTH, ShortCodeSchema } from "#shared/schemas/payment-request.ts";
import { decimalMarkIn, typedAmount } from "#shared/typed-amount.ts";
import { CodeParams, NOT_FOUND } from "./codes";
import { balanceClaimNotification, claimNotification } from "./notifications";
import { type BalanceClaimResult, type ClaimResult, recordBalanceClaim, recordClaim } from "./queries";

/**
 * The payer's "I've paid" (docs/decisions/016-close-the-loop.md). Public like the view beacon
 * and posted the same way, by the page's script: JSON only and with an Origin header, which a
 * link-preview bot or an HTML form never sends (the CSRF guard refuses other sites). The answer
 * is empty: nothing about the request or its requester comes back. The first claim's browser gets
 * a cookie (an HttpOnly token, for this request's claim route only) with which it, and nobody
 * else, may correct the claim later; the requester is told of a correction.
 */
const CLAIM_COOKIE_DAYS = 90;

const CLAIM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Why a claim was not recorded, as the page's script shows it. */
function refuse(result: Extract<ClaimResult | BalanceClaimResult, { ok: false }>): never {
  if (result.reason === "not-found") throw new HttpError(404, NOT_FOUND);
  if (result.reason === "paid") throw new HttpError(409, "This request has already been paid.");
  if (result.reason === "amount") throw new HttpError(400, result.message, { field: "amount" });
  throw new HttpError(400, "Please choose the app you paid with.");
}

export const claimRoute =
  ({
    db,
    limiter,
    notify,
    webhooks,
    config,
  }: Pick<AppContext, "db" | "limiter" | "notify" | "webhooks" | "config">): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
    /** The cookie that lets the first claim's browser correct it ("Not right? Tell Robin again"). */
    const claimCookie = (code: string) => ({
      name: "collect_claim",
      set: (token: string) =>
        `collect_claim=${token}; Path=/api/payment-screen/${code}/claim; Max-Age=${CLAIM_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`,
    });
    app.post(
      "/api/payment-screen/:code/claim",
      { schema: { params: CodeParams, body: ClaimInputSchema } },
      async (request, reply) => {
        if (!request.headers.origin) throw new HttpError(403, "Cross-site request refused.");
        const { code } = request.params;
        if (!ShortCodeSchema.safeParse(code).success) throw new HttpError(404, NOT_FOUND);
        await limiter.check("claimPerAddress", request.ip);
        // Before the request's own count: one address cannot spend the whole request's allowance
        // and lock out the real payer.
        await limiter.check("claimPerAddressAndRequest", `${request.ip}:${code}`);
        await limiter.check("claimPerRequest", code);
        // The claim and the requester's notification commit together (keyed: a later claim on
        // the same request asks again and is told nothing new).
        const cookie = claimCookie(code);
        const presented = parseCookies(request.headers.cookie ?? "").get(cookie.name) ?? null;
        const device = {
          presented: presented && CLAIM_TOKEN.test(presented) ? presented : null,
          fresh: randomBytes(32).toString("base64url"),
        };
        // The amount as typed on the page, in its language's way ("1.000,50" in German).
        const locale = readerLocale(request);
        const { amount } = request.body;
        const typed = amount === null ? null : typedAmount(amount, decimalMarkIn(intlLocaleOf(locale)));
        const claim = { ...request.body, amount: typed };
        if (code.length === BALANCE_CODE_LENGTH) {
          // A "Request all" link: the claim settles its requests oldest first, told as one.
          const spread = await db.transaction(async (tx) => {
            const claimed = await recordBalanceClaim(tx, code, claim, i18nFor(locale));
            if (!claimed.ok) return claimed;
            const told = balanceClaimNotification(claimed);
            await notify(told, { tx });
            for (const { id } of claimed.covered) {
              await webhooks.emitRequest(tx, {
                userId: claimed.userId,
                type: "request.claimed",
                key: `request.claimed:${id}:${told.key}`,
                requestId: id,
              });
            }
            return claimed;
          });
          if (spread.ok) return reply.status(204).send();
          return refuse(spread);
        }
        const result = await db.transaction(async (tx): Promise<ClaimResult> => {
          const claimed = await recordClaim(tx, code, claim, device, i18nFor(locale));
          if (claimed.ok && claimed.outcome !== "kept") {
            const corrected = claimed.outcome === "corrected";
            await notify(claimNotification(claimed.request, corrected), { tx });
            const { id, userId, via, round } = claimed.request;
            // A claim after part payments answered the last one is news of its own.
            const first = round === "0" ? `request.claimed:${id}` : `request.claimed:${id}:${round}`;
            await webhooks.emitRequest(tx, {
              userId,
              type: "request.claimed",
              // A correction is news each time (A, B, then A again): its moment makes it one event.
              key: corrected ? `request.claimed:${id}:${via}:${Date.now()}` : first,
              requestId: id,
            });
          }
          return claimed;
        });
        if (result.ok) {
          // The first claim's browser keeps its token, for this request's claim route only. A
          // later claim gets one too (that matches nothing), so the answers stay alike and tell
          // nobody whether someone claimed before.
          if (result.outcome !== "corrected") reply.header("set-cookie", cookie.set(device.fresh));
          return reply.status(204).send();
        }
        return refuse(result);
      },
    );
  };
