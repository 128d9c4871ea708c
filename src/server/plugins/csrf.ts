import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerOf } from "#server/auth/api-tokens.ts";
import { inSignedInScope } from "#server/auth/auth.ts";
import { HttpError } from "#server/lib/http-error.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const AUTH_ROUTE = "/api/identity/*";
const CALLBACK = /^\/api\/identity\/callback\/[\w-]+$/;
/**
 * RFC 8058 one-click unsubscribe (routes/notifications): the mailbox provider POSTs it from its
 * own servers, with no session and whatever Origin it likes, so an origin check would refuse the
 * very request the standard defines. Safe to exempt: it changes nothing but one event's email of
 * the one user the link's HMAC names, and the link is only in that user's mail.
 */
const UNSUBSCRIBE_ROUTE = "/api/notifications/unsubscribe/:token";

/**
 * Only the OAuth callback is exempt, decided on the routed path and on the path better-auth will
 * serve (URL-normalised, as auth-routes.ts hands it over): a raw URL such as
 * `/api/identity/callback/../sign-in/email` starts like the callback but signs in.
 */
function isOAuthCallback(request: FastifyRequest): boolean {
  if (request.routeOptions.url !== AUTH_ROUTE) return false;
  return CALLBACK.test(new URL(request.url, "http://collect.invalid").pathname);
}

/**
 * The payer's "Stop reminders for this request" (routes/payment-requests/stop-link.ts): a mail
 * client's RFC 8058 one-click POST comes from no page of ours. The HMAC token in the URL is the
 * whole authority, and the only effect is stopping that one request's reminders.
 */
const STOP_REMINDERS_ROUTE = "/api/payment-requests/stop-reminders/:token";

/**
 * "No more emails from this requester / from Collect" (routes/mail): the same RFC 8058 one-click
 * POST, from a mail client's servers. Its signed token is the whole authority; its only effects
 * are a suppression on the mailbox the link was sent to, or lifting it.
 */
const MAIL_STOP_ROUTE = "/api/mail/stop/:token";
const ONE_CLICK_ROUTES = new Set([UNSUBSCRIBE_ROUTE, STOP_REMINDERS_ROUTE, MAIL_STOP_ROUTE]);

/**
 * Cross-site request forgery guard for every state-changing route, better-auth's included
 * (its own check skips cookie-less calls, which would allow login CSRF). Browsers send
 * Sec-Fetch-Site and Origin on such requests; either naming another site is refused. The
 * OAuth callback is exempt: the identity provider may post it back from its own site. Bodies are JSON only (the text/plain parser is removed in
 * app.ts), which a cross-site HTML form cannot send. The guard is attached to the routes that
 * accept such a method, so reads (the pay page, the pay screen, health checks) skip it.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string): void {
  const allowedOrigin = new URL(publicUrl).origin;
  const guard = async (request: FastifyRequest) => {
    if (!UNSAFE.has(request.method) || isOAuthCallback(request)) return;
    if (ONE_CLICK_ROUTES.has(request.routeOptions.url ?? "")) return;
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      throw new HttpError(403, "Cross-site request refused.");
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowedOrigin) {
      throw new HttpError(403, "Cross-site request refused.");
    }
  };
  // A personal API token (auth/api-tokens.ts) is the whole authority of a signed-in route's call
  // that carries one, and no browser sends an Authorization header across sites without a CORS
  // preflight we never grant: such calls are not forgeries. Cookies keep the rule.
  const signedInGuard = async (request: FastifyRequest) => {
    if (bearerOf(request) === undefined) await guard(request);
  };
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    if (![route.method].flat().some((method) => UNSAFE.has(method))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), inSignedInScope(this) ? signedInGuard : guard];
  });
}
