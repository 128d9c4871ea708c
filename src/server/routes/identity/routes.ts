import { STATUS_CODES } from "node:http";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { HashQueueFull } from "#server/auth/hash-queue.ts";
import { cookieValue } from "#server/auth/session-memo.ts";
import { type Attempt, DEVICE_COOKIE, lockMessage } from "#server/auth/sign-in-limits.ts";
import { sendWebResponse, webHeaders } from "#server/auth/web-bridge.ts";
import type { AppContext } from "#server/context.ts";
import { codeForStatus, HttpError, TooManyRequests } from "#server/lib/http-error.ts";
import { SignInInputSchema, SignUpInputSchema } from "#shared/schemas/sign-in.ts";

async function hasMessage(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof (body as { message?: unknown } | null)?.message === "string";
}

/**
 * A 4xx of better-auth's with no `code` (its own rate limit's 429) gets its status's, as every
 * 4xx has one (docs/product.md#errors); its codes (`INVALID_EMAIL_OR_PASSWORD`, …) stay.
 */
async function withCode(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (body === null || typeof body !== "object" || "code" in body) return response;
  return new Response(JSON.stringify({ ...body, code: codeForStatus(response.status) }), response);
}

const MAX_AUTH_PATH = 1024;
/** Email sign-in and sign-up (the sign-in page), and the OpenID Connect callback. */
const EXPOSED = [
  /^\/api\/identity\/sign-(in|up)\/email$/,
  /^\/api\/identity\/callback\/[\w-]+$/,
  // Forgotten password, the link in the verification email, passkey sign-in (routes/account).
  /^\/api\/identity\/(request-password-reset|reset-password|verify-email|passkey\/sign-in)$/,
];
const MAX_AUTH_BODY_DEPTH = 32;

/**
 * What better-auth answers with a 500 instead of a 400 (it saves strings as given, and walks
 * bodies recursively): text PostgreSQL cannot store (NUL), and nesting deep enough to overflow
 * the stack. Its own bodies are flat. Not JSON: better-auth refuses it itself.
 */
function jsonBodyProblem(body: Buffer): string | null {
  let root: unknown;
  try {
    root = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  const pending: [unknown, number][] = [[root, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, depth] = item;
    if (typeof value === "string" && value.includes("\u0000")) {
      return "Text cannot contain NUL (\\u0000) characters.";
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_AUTH_BODY_DEPTH) return "The request body is nested too deeply.";
    for (const [key, child] of Object.entries(value)) pending.push([key, depth + 1], [child, depth + 1]);
  }
  return null;
}

/** The password routes, each with the only body Collect accepts for it. */
const PASSWORD_ROUTES = {
  "/api/identity/sign-in/email": SignInInputSchema,
  "/api/identity/sign-up/email": SignUpInputSchema,
} as const;

/** The checked body of a password route, or a 4xx naming what is wrong. */
function passwordRouteInput(pathname: keyof typeof PASSWORD_ROUTES, request: FastifyRequest, body?: Buffer) {
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
    throw new HttpError(415, "Send the form as JSON.");
  }
  let json: unknown;
  try {
    json = JSON.parse(body?.toString("utf8") ?? "");
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  const parsed = PASSWORD_ROUTES[pathname].safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.map(String).join(".");
    throw new HttpError(400, issue?.message ?? "Invalid request", field ? { field } : {});
  }
  return parsed.data;
}

/** Mounts better-auth's handler at /api/identity/* with raw bodies passed through. */
export const identityRoutes =
  ({ auth, config, hashQueue, signInLimits: limits }: AppContext): FastifyPluginAsync =>
  async (app) => {
    const publicUrl = config.publicUrl;
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ["GET", "POST"],
        url: "/api/identity/*",
        handler: async (request, reply) => {
          // better-auth's rate limit stores "ip|path" in a unique btree index (≤ 2704 bytes per
          // key): a longer path fails the insert with a 500. None of its own paths is near this.
          const url = new URL(request.url, publicUrl);
          if (url.pathname.length > MAX_AUTH_PATH) throw new HttpError(414, "The address is too long.");
          // Only what Collect uses; better-auth's other endpoints (update-user, delete-user,
          // list-sessions, …) are not exposed. Checked on the path better-auth will see.
          if (!EXPOSED.some((pattern) => pattern.test(url.pathname))) throw new HttpError(404, "Not found");
          let body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
          const problem = body ? jsonBodyProblem(body) : null;
          if (problem) throw new HttpError(400, problem);
          const headers = webHeaders(request);
          const passwordRoute =
            request.method === "POST" && url.pathname in PASSWORD_ROUTES
              ? (url.pathname as keyof typeof PASSWORD_ROUTES)
              : undefined;
          let attempt: (Attempt & { email: string }) | undefined;
          if (passwordRoute) {
            const input = passwordRouteInput(passwordRoute, request, body);
            const isSignUp = passwordRoute.endsWith("/sign-up/email");
            // Checked, trimmed, and nothing else: an empty name is set later, at setup.
            body = Buffer.from(
              JSON.stringify(isSignUp ? { ...input, name: ("name" in input && input.name) || "" } : input),
            );
            headers.delete("content-length");
            // Every password route hashes: when the queue is full, refuse before any database work.
            if (hashQueue.full) {
              return reply
                .status(503)
                .header("retry-after", "2")
                .send({ message: new HashQueueFull(2).message });
            }
            // Per address first: what one address sends is never counted against anyone else.
            const fromHere = await limits.addressWait(request.ip);
            if (fromHere)
              throw new TooManyRequests(
                "Too many sign-in attempts from here. Please try again in a minute.",
                fromHere,
              );
            if (!isSignUp) {
              const begun = await limits.beginAttempt(
                input.email,
                cookieValue(request.headers.cookie, DEVICE_COOKIE),
              );
              if ("lockedMs" in begun) throw new TooManyRequests(lockMessage(begun.lockedMs), begun.lockedMs);
              attempt = { ...begun, email: input.email };
            }
            // Only attempts that will reach a password check count toward the ceiling.
            const busy = await limits.overCeiling();
            if (busy) {
              if (attempt) await limits.uncount(attempt);
              throw new TooManyRequests("Too many sign-ins right now. Please try again in a minute.", busy);
            }
          }
          const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
          if (attempt && response.status === 200) {
            await limits.succeeded(attempt);
            const secure = publicUrl.startsWith("https://");
            reply.header(
              "set-cookie",
              limits.deviceCookie(attempt.email, secure, cookieValue(request.headers.cookie, DEVICE_COOKIE)),
            );
          }
          // Refused per IP or too busy to check the password: not an attempt on the account.
          if (attempt && (response.status === 429 || response.status === 503)) await limits.uncount(attempt);
          if ((response.status === 429 || response.status === 503) && !response.headers.has("retry-after")) {
            // better-auth sends only the non-standard X-Retry-After.
            reply.header("retry-after", response.headers.get("x-retry-after") ?? "60");
          }
          // better-auth answers unknown paths with an empty 404; every non-2xx of ours is {message}.
          if (response.status >= 400 && !(await hasMessage(response))) {
            const message =
              response.status === 404 ? "Not found" : (STATUS_CODES[response.status] ?? "Error");
            return reply.status(response.status).send({ message });
          }
          return sendWebResponse(reply, await withCode(response));
        },
      });
    });
  };
