import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ClaimInputSchema } from "../../../shared/schemas/claim";
import { ShortCodeSchema } from "../../../shared/schemas/payment-request";
import type { AppContext } from "../../context";
import { allowanceWait } from "../../db/counters";
import { FLOOD_LIMITS } from "../../lib/flood-limits";
import { HttpError, TooManyRequests } from "../../plugins/errors";
import { CodeParams, NOT_FOUND } from "./codes";
import { recordClaim } from "./queries";

const MINUTE = 60_000;
/** Per client IP and per request: a payer says it once or twice; a script hits the wall. */
export const CLAIM_LIMITS = {
  perIp: { max: 10, windowMs: 10 * MINUTE },
  perRequest: { max: 5, windowMs: 60 * MINUTE },
};

/**
 * The payer's "I've paid" (docs/decisions/016-close-the-loop.md). Public like the view beacon
 * and posted the same way, by the page's script: JSON only and with an Origin header, which a
 * link-preview bot or an HTML form never sends (the CSRF guard refuses other sites). The answer
 * is empty: nothing about the request or its requester comes back.
 */
export const claimRoute =
  ({ db, config }: Pick<AppContext, "db" | "config">): FastifyPluginAsyncZod =>
  async (app) => {
    /** Milliseconds until `key` may claim again, or 0. */
    const wait = async (key: string, limit: { max: number; windowMs: number }) =>
      config.rateLimits ? allowanceWait(db, `collect:claim:${key}`, limit.max, limit.windowMs) : 0;

    app.post(
      "/api/payment-screen/:code/claim",
      { schema: { params: CodeParams, body: ClaimInputSchema } },
      async (request, reply) => {
        if (!request.headers.origin) throw new HttpError(403, "Cross-site request refused.");
        const { code } = request.params;
        if (!ShortCodeSchema.safeParse(code).success) throw new HttpError(404, NOT_FOUND);
        const refusedFor = await wait(`ip:${request.ip}`, CLAIM_LIMITS.perIp);
        if (refusedFor > 0)
          throw new TooManyRequests("Too many requests. Please try again later.", refusedFor);
        // Before the request's own count: one address cannot spend the whole request's allowance
        // and lock out the real payer.
        const again = await wait(`ip-code:${request.ip}:${code}`, FLOOD_LIMITS.claimPerAddress);
        if (again > 0) throw new TooManyRequests(FLOOD_LIMITS.claimPerAddress.message, again);
        const full = await wait(`code:${code}`, CLAIM_LIMITS.perRequest);
        if (full > 0) throw new TooManyRequests("Too many requests. Please try again later.", full);
        const result = await recordClaim(db, code, request.body);
        if (result.ok) return reply.status(204).send();
        if (result.reason === "not-found") throw new HttpError(404, NOT_FOUND);
        if (result.reason === "paid") throw new HttpError(409, "This request has already been paid.");
        throw new HttpError(400, "Please choose the app you paid with.");
      },
    );
  };
