/**
 * Which URLs carry a secret, and those URLs with it taken out: for the access log
 * (plugins/logging.ts) and every exported trace span (lib/tracing.ts). A link that works without
 * signing in is its own authority, so whoever reads it in a log or a trace backend could use it.
 * The rest of the URL stays, so a line still says which link was opened.
 */

export const REDACTED = "[REDACTED]";

/**
 * Routes whose last path segment is a secret: the one-click links in mail, the reset page's
 * check, and better-auth's reset link (under /api/identity/*, so no route of ours names it). The
 * secret-paths test fails when the app has a `:token` route missing here.
 */
export const SECRET_PATH_ROUTES = [
  "/api/account/reset-token/:token",
  "/api/payment-requests/stop-reminders/:token",
  "/api/notifications/unsubscribe/:token",
  "/api/mail/stop/:token",
  "/api/identity/reset-password/:token",
  // Not a secret but a person's number (a balance's): kept out of logs as emails are.
  "/api/balances/:phone",
] as const;

/**
 * Query parameters that carry a secret on any route: reset and verification tokens, signed
 * upload URLs (ours and S3's), and the OAuth callback's authorization code (its `state` only
 * names the attempt, and better-auth logs it when it does not match).
 */
const SECRET_QUERY = [
  "token",
  "sig",
  "signature",
  "code",
  "X-Amz-Signature",
  "X-Amz-Credential",
  "X-Amz-Security-Token",
  // A person's number (the balance screen's `/balance?phone=`): personal, like an email.
  "phone",
];

/** Query parameters whose value is itself a URL (where a link lands next): redacted inside. */
const URL_QUERY = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo", "returnTo"];

/**
 * Web Push endpoints (shared/schemas/push-endpoint.ts): the path past the push service's host is
 * the subscription itself, a capability URL. Seen as the URL of an outgoing call's span.
 */
const PUSH_ENDPOINT =
  /(https:\/\/(?:fcm\.googleapis\.com|android\.googleapis\.com|[a-z0-9-]+\.push\.services\.mozilla\.com|[a-z0-9-]+\.notify\.windows\.com|(?:[a-z0-9-]+\.)?push\.apple\.com)\/)[^\s"'<>]+/gi;

/**
 * Credentials that are whole in themselves, wherever they appear in a text (an error that quotes
 * a header, say): personal API tokens and webhook signing secrets (docs/api.md).
 */
const CREDENTIAL = /\b(col_|whsec_)[A-Za-z0-9_+/=-]{16,}/g;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Each route's path up to its secret segment, found anywhere in a text (a path, a full URL, a
 * message); the pattern itself (`:token`, a span's `http.route`) is no secret and stays.
 */
const SECRET_PATH = new RegExp(
  `(${SECRET_PATH_ROUTES.map((route) => literal(route.slice(0, route.lastIndexOf("/") + 1))).join("|")})(?!:)[^/?#\\s"'<>]+`,
  "gi",
);
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY.map(literal).join("|")})=)[^&#\\s"'<>]*`, "gi");
const URL_PARAM = new RegExp(`([?&](?:${URL_QUERY.map(literal).join("|")})=)([^&#\\s"'<>]*)`, "gi");

/** `text` (a URL, a path with its query, or any message naming one) without the secrets it carries. */
export function redactSecrets(given: string, depth = 0): string {
  const text =
    given.includes("col_") || given.includes("whsec_") ? given.replace(CREDENTIAL, `$1${REDACTED}`) : given;
  if (!text.includes("/") && !text.includes("=")) return text;
  let out = text
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(PUSH_ENDPOINT, `$1${REDACTED}`);
  // A redirect target is encoded: "callbackURL=%2Freset-password%3Ftoken%3D…" hides its token.
  if (depth < 2) {
    out = out.replace(URL_PARAM, (whole, name: string, value: string) => {
      let inner: string;
      try {
        inner = decodeURIComponent(value.replaceAll("+", " "));
      } catch {
        return `${name}${REDACTED}`;
      }
      const clean = redactSecrets(inner, depth + 1);
      return clean === inner ? whole : `${name}${encodeURIComponent(clean)}`;
    });
  }
  return out;
}
