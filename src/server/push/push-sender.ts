import type { FastifyBaseLogger } from "fastify";
import {
  PUSH_BODY_MAX,
  PUSH_PAYLOAD_MAX_BYTES,
  PUSH_TITLE_MAX,
  type PushPayload,
  PushPayloadSchema,
} from "#shared/schemas/push.ts";
import { pushEndpointProblem } from "#shared/schemas/push-endpoint.ts";

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url, as `npm run vapid-keys` prints them) and VAPID_SUBJECT. */
export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/** A stored subscription: the push service's endpoint and the browser's keys (base64url). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushUrgency = "very-low" | "low" | "normal" | "high";
export type PushOptions = { ttlSeconds?: number; urgency?: PushUrgency; topic?: string };

/**
 * `gone`: the push service says the subscription no longer exists (404/410); the caller deletes it.
 * `failed.retryable`: worth another try later (network, timeout, 429, 5xx); otherwise it never will be.
 */
export type PushResult =
  | { kind: "sent" }
  | { kind: "gone" }
  | { kind: "failed"; status?: number; retryable: boolean; retryAfterSeconds?: number };

export type PushSender = {
  /** False without VAPID keys: the UI says push is not set up, and nothing is ever sent. */
  readonly enabled: boolean;
  /** The applicationServerKey the browser subscribes with; null when push is off. */
  readonly publicKey: string | null;
  /** Host names accepted besides the browsers' push services: tests only (PushSenderOptions). */
  readonly testHosts: readonly RegExp[];
  /** Encrypts and posts one message; never throws. */
  send(target: PushTarget, payload: PushPayload, options?: PushOptions): Promise<PushResult>;
};

export type PushSenderOptions = {
  /** The whole request's budget, connection included. */
  timeoutMs?: number;
  /**
   * Also post to http://127.0.0.1 / [::1] / localhost endpoints (the tests' push service). Only
   * code can set it (BuildOptions.push, which main.ts never passes): no setting or environment
   * variable turns it on in production.
   */
  allowLoopbackHttp?: boolean;
  /**
   * More push service host names, accepted when a device subscribes and when a push is sent (the
   * authorization matrix's never-resolving `push.invalid`). Code only, like `allowLoopbackHttp`.
   */
  testHosts?: readonly RegExp[];
};

/** A notification that is a day late is no longer news. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291). web-push builds
 * the request (encryption and the signed JWT) through `generateRequestDetails`; we post it with
 * fetch rather than its `sendNotification`, which always uses https.request (so it could not
 * reach the test's loopback push service) and whose `timeout` is only a socket idle timeout:
 * AbortSignal.timeout bounds the whole exchange. Redirects are not followed (a push service never
 * redirects, and following one would let a stored endpoint steer our POSTs elsewhere).
 */
export function createPushSender(
  vapid: VapidConfig | null,
  log: FastifyBaseLogger,
  options: PushSenderOptions = {},
): PushSender {
  if (!vapid) {
    return {
      enabled: false,
      publicKey: null,
      testHosts: options.testHosts ?? [],
      send: async () => ({ kind: "failed", retryable: false }),
    };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Loaded with the first push, not at start-up (docs/decisions/017-fast-start-up.md).
  let webPush: Promise<WebPush> | undefined;

  const testHosts = options.testHosts ?? [];
  return {
    enabled: true,
    publicKey: vapid.publicKey,
    testHosts,
    async send(target, payload, sendOptions = {}) {
      const allowed = endpointOrigin(target.endpoint, options.allowLoopbackHttp ?? false, testHosts);
      if ("problem" in allowed) {
        log.warn(
          { problem: allowed.problem },
          "push not sent: the endpoint is not a push service we post to",
        );
        return { kind: "failed", retryable: false };
      }
      const { origin } = allowed;
      const body = encodePayload(payload);
      if (typeof body === "string") {
        log.error({ problem: body, event: payload.event }, "push not sent: bad payload");
        return { kind: "failed", retryable: false };
      }
      let request: { method: string; headers: Record<string, string | number>; body: Buffer | null };
      try {
        webPush ??= loadWebPush();
        request = (await webPush).generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          body,
          {
            vapidDetails: vapid,
            TTL: sendOptions.ttlSeconds ?? DEFAULT_TTL_SECONDS,
            urgency: sendOptions.urgency ?? "normal",
            topic: sendOptions.topic,
            contentEncoding: "aes128gcm",
          },
        );
      } catch (error) {
        // Bad keys in the subscription or bad options: trying again changes nothing.
        log.error({ err: error, origin }, "push not sent: the request could not be built");
        return { kind: "failed", retryable: false };
      }
      return post(target.endpoint, request, timeoutMs, origin, log);
    },
  };
}

type WebPush = typeof import("web-push");

/** web-push is CommonJS: its API is the module's default export under Node, tsx and esbuild alike. */
async function loadWebPush(): Promise<WebPush> {
  const module = (await import("web-push")) as WebPush & { default?: WebPush };
  return module.default ?? module;
}

/**
 * The endpoint's origin when we may post to it (for logs: the full endpoint is a capability URL),
 * or why not. The subscription schema checked it when it was saved; this checks again before
 * every send, so a row that got in another way (an older release, a hand edit) is never posted
 * to: only the browsers' push services (shared/schemas/push-endpoint.ts), never this server's
 * own network.
 */
function endpointOrigin(
  endpoint: string,
  allowLoopbackHttp: boolean,
  testHosts: readonly RegExp[],
): { origin: string } | { problem: string } {
  if (allowLoopbackHttp) {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (url?.protocol === "http:" && !url.username && !url.password && LOOPBACK_HOSTS.has(url.hostname)) {
      return { origin: url.origin };
    }
  }
  const problem = pushEndpointProblem(endpoint, testHosts);
  return problem ? { problem } : { origin: new URL(endpoint).origin };
}

/** The payload, shortened to fit, as UTF-8 JSON, or why it cannot be sent. */
function encodePayload(payload: PushPayload): Buffer | string {
  const parsed = PushPayloadSchema.safeParse(fittedPayload(payload));
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join(" ");
  const body = Buffer.from(JSON.stringify(parsed.data));
  if (body.length > PUSH_PAYLOAD_MAX_BYTES) {
    return `${body.length} bytes, more than the ${PUSH_PAYLOAD_MAX_BYTES} a push may carry`;
  }
  return body;
}

const ELLIPSIS = "…";

/**
 * `text` in at most `max` UTF-16 units: whole when it fits, else cut and ended with "…". The cut
 * never falls inside a surrogate pair (an emoji is kept whole or left out).
 */
export function shortenText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return "";
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

/** The longest shortening of `text` that `fits` ("" when none does). */
function longestFitting(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(shortenText(text, mid))) low = mid;
    else high = mid - 1;
  }
  return shortenText(text, low);
}

/**
 * The payload with its title and body shortened to the schema's lengths and, together, to the
 * push's byte budget: a notification about a long description arrives cut short rather than not
 * at all. The body gives way first (the title is what a locked screen shows), then the title.
 */
export function fittedPayload(payload: PushPayload): PushPayload {
  const bytes = (title: string, body: string) =>
    Buffer.byteLength(JSON.stringify({ ...payload, title, body }));
  const title = shortenText(payload.title, PUSH_TITLE_MAX);
  const body = longestFitting(
    shortenText(payload.body, PUSH_BODY_MAX),
    (b) => bytes(title, b) <= PUSH_PAYLOAD_MAX_BYTES,
  );
  const fitted = { ...payload, title, body };
  if (bytes(title, body) <= PUSH_PAYLOAD_MAX_BYTES) return fitted;
  return { ...fitted, title: longestFitting(title, (t) => bytes(t, body) <= PUSH_PAYLOAD_MAX_BYTES) };
}

async function post(
  endpoint: string,
  request: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  timeoutMs: number,
  origin: string,
  log: FastifyBaseLogger,
): Promise<PushResult> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch computes Content-Length from the body itself.
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The push service's answer is a short status text at most; read it so the connection is reused.
    await response.arrayBuffer();
  } catch (error) {
    log.warn({ err: error, origin }, "push not sent: the push service did not answer");
    return { kind: "failed", retryable: true };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: "sent" };
  if (status === 404 || status === 410) return { kind: "gone" };
  const retryable = status === 408 || status === 429 || status >= 500;
  log.warn({ status, origin }, "push not sent: the push service refused it");
  const retryAfter = Number(response.headers.get("retry-after"));
  return retryable && Number.isInteger(retryAfter) && retryAfter > 0
    ? { kind: "failed", status, retryable, retryAfterSeconds: retryAfter }
    : { kind: "failed", status, retryable };
}
