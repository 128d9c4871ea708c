import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Auth } from "./auth";
import { HttpError } from "./errors";
import { sendWebResponse, webHeaders } from "./web-bridge";

async function hasMessage(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof (body as { message?: unknown } | null)?.message === "string";
}

const MAX_AUTH_PATH = 1024;
/** Email sign-in and sign-up (the sign-in page), and the OpenID Connect callback. */
const EXPOSED = [
  /^\/api\/identity\/sign-(in|up)\/email$/,
  /^\/api\/identity\/callback\/[\w-]+$/,
  // Forgotten password, the link in the verification email, passkey sign-in (features/account-security).
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

/** Mounts better-auth's handler at /api/identity/* with raw bodies passed through. */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): Promise<void> {
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
        const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
        const problem = body ? jsonBodyProblem(body) : null;
        if (problem) throw new HttpError(400, problem);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: webHeaders(request),
            body,
          }),
        );
        // better-auth answers unknown paths with an empty 404; every non-2xx of ours is {message}.
        if (response.status >= 400 && !(await hasMessage(response))) {
          const message = response.status === 404 ? "Not found" : (STATUS_CODES[response.status] ?? "Error");
          return reply.status(response.status).send({ message });
        }
        return sendWebResponse(reply, response);
      },
    });
  });
}
