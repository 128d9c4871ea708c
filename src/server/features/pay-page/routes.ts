import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type PublicPaymentView,
  PublicPaymentViewSchema,
  ShortCodeSchema,
} from "../../../shared/schemas/payment-request";
import type { AppContext } from "../../app";
import { HttpError } from "../../plugins/errors";
import { createMissLimiter } from "../../plugins/miss-limiter";
import { webHeaders } from "../../plugins/web-bridge";
import { markViewed } from "../payment-requests/queries";
import { findPublicView } from "./queries";
import { renderPayPage } from "./render";

const CodeParams = z.object({ code: z.string().max(64) });
const NOT_FOUND = "Payment request not found";

/**
 * The public side (spec §2 Public payment page): the JSON view and the server-rendered page.
 * Misses are limited per client IP so codes cannot be enumerated.
 */
export const payPageRoutes =
  ({ db, viewCache: cache, auth, config, clientAssets }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = createMissLimiter(db, { name: "pay-miss", max: 20, windowMs: 60_000 });

    async function findView(code: string) {
      const cached = cache.get(code);
      if (cached) return cached;
      const readAt = cache.generation();
      const found = await findPublicView(db, code);
      if (!found) return null;
      const entry = { view: found.view, json: JSON.stringify(PublicPaymentViewSchema.parse(found.view)) };
      cache.set(code, found.userId, entry, readAt);
      return entry;
    }

    /** The view for a code, or null; throws 429 when this IP has missed too often. */
    async function lookup(ip: string, code: string) {
      const tooMany = () => new HttpError(429, "Too many requests. Please try again later.");
      if (limiter.blockedFor(ip) > 0) throw tooMany();
      const view = ShortCodeSchema.safeParse(code).success ? await findView(code) : null;
      if (!view && (await limiter.recordMiss(ip)) > 0) throw tooMany();
      return view;
    }

    app.get(
      "/api/payment-screen/:code",
      { schema: { params: CodeParams, response: { 200: PublicPaymentViewSchema } } },
      async (request, reply) => {
        const found = await lookup(request.ip, request.params.code);
        if (!found) throw new HttpError(404, NOT_FOUND);
        // Checked against the schema and serialised once, when cached: a string is sent as it
        // is (the type provider only knows the object form).
        return reply
          .header("cache-control", "no-store")
          .type("application/json; charset=utf-8")
          .send(found.json as unknown as PublicPaymentView);
      },
    );

    // Sent by the page's script (pay-script.ts): bots that run no JavaScript never count as views.
    app.post("/api/payment-screen/:code/view", { schema: { params: CodeParams } }, async (request, reply) => {
      const { code } = request.params;
      if (ShortCodeSchema.safeParse(code).success) {
        const session = request.headers.cookie
          ? await auth.api.getSession({ headers: webHeaders(request) })
          : null;
        await markViewed(db, code, session?.user.id ?? null);
      }
      return reply.status(204).send();
    });

    app.get("/pay/:code", { schema: { params: CodeParams } }, async (request, reply) => {
      const view = (await lookup(request.ip, request.params.code))?.view ?? null;
      const html = renderPayPage({
        view,
        shortUrl: `${config.publicUrl}/pay/${encodeURIComponent(request.params.code)}`,
        publicUrl: config.publicUrl,
        assets: clientAssets,
      });
      return reply
        .status(view ? 200 : 404)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(html);
    });
  };
