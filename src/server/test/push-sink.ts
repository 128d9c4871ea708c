import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { decryptWebPush, type Keys } from "./push-decrypt";

/** What the sink answers on one endpoint path: a status, or "hang" (never answer, to test timeouts). */
export type SinkAnswer = 201 | 404 | 410 | 429 | 500 | "hang";

/** One POST as the sink received it: headers, the VAPID check, and the decrypted message. */
export type ReceivedPush = {
  path: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  answered: SinkAnswer;
  /** Null when the Authorization header passed every check; otherwise what failed. */
  vapidProblem: string | null;
  /** The decrypted plaintext (UTF-8), or null when decryption failed (see `decryptProblem`). */
  text: string | null;
  decryptProblem: string | null;
  receivedAt: number;
};

/** The browser's half of a subscription: what it gives the server, and the secrets it keeps. */
export type SinkSubscription = {
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * A push service on loopback, for tests: it plays both the push service (checks the VAPID JWT,
 * answers a chosen status) and the browser (holds each subscription's P-256 key and auth secret
 * and decrypts the RFC 8291 aes128gcm body itself), so a test reads exactly what a service
 * worker would get. No part of web-push is used here: a bug there cannot hide a bug in the app.
 */
export async function startPushSink(expect: { vapidPublicKey: string; subject: string }) {
  const keysByPath = new Map<string, Keys>();
  const answers = new Map<string, SinkAnswer>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handle(request, response, Buffer.concat(chunks)));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const path = new URL(request.url ?? "/", origin).pathname;
    const answered = answers.get(path) ?? 201;
    const keys = keysByPath.get(path);
    const vapidProblem = checkVapid(request.headers.authorization, origin, expect);
    let text: string | null = null;
    let decryptProblem: string | null = null;
    if (request.method !== "POST") decryptProblem = `method ${request.method}`;
    else if (request.headers["content-encoding"] !== "aes128gcm") decryptProblem = "not aes128gcm";
    else if (!keys) decryptProblem = "unknown subscription";
    else {
      try {
        text = decryptWebPush(body, keys).toString("utf8");
      } catch (error) {
        decryptProblem = (error as Error).message;
      }
    }
    received.push({
      path,
      ttl: request.headers.ttl as string | undefined,
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
      answered,
      vapidProblem,
      text,
      decryptProblem,
      receivedAt: performance.now(),
    });
    for (const wake of waiters) wake();
    if (answered === "hang") return;
    // A real push service refuses a bad JWT with 401/403 whatever the test asked for.
    if (vapidProblem) return response.writeHead(403).end(vapidProblem);
    const headers = answered === 429 ? { "retry-after": "30" } : {};
    response.writeHead(answered, headers).end();
  }

  return {
    origin,
    received,
    /** A new subscription, as a browser would create one: fresh P-256 key pair and 16-byte auth secret. */
    subscribe(path = `/push/${randomUUID()}`): SinkSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keysByPath.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      };
    },
    /** How the sink answers posts to this endpoint from now on (default 201). */
    answer(endpoint: string, answer: SinkAnswer) {
      answers.set(new URL(endpoint).pathname, answer);
    },
    /** The pushes received on this endpoint so far. */
    for(endpoint: string): ReceivedPush[] {
      const path = new URL(endpoint).pathname;
      return received.filter((push) => push.path === path);
    },
    /** The next push on this endpoint (or one already there), waiting up to `timeoutMs`. */
    async waitFor(endpoint: string, timeoutMs = 5_000): Promise<ReceivedPush> {
      const path = new URL(endpoint).pathname;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((push) => push.path === path);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no push to ${path} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * RFC 8292 §2–3: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT is ES256 over the
 * push service's origin (`aud`), expires within 24 hours (`exp`), and names its sender (`sub`).
 */
function checkVapid(
  header: string | undefined,
  origin: string,
  expected: { vapidPublicKey: string; subject: string },
): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) return "no vapid Authorization header";
  const [, jwt = "", k = ""] = match;
  if (k !== expected.vapidPublicKey) return "k is not the server's public key";
  const [head = "", claims = "", signature = ""] = jwt.split(".");
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  if (header_.alg !== "ES256") return `alg ${header_.alg}`;
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  // JWS carries ES256 signatures as r || s (64 bytes), not DER.
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "bad signature";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  const now = Date.now() / 1000;
  if (body.aud !== origin) return `aud ${body.aud} is not ${origin}`;
  if (typeof body.exp !== "number" || body.exp <= now) return "exp is not in the future";
  if (body.exp > now + 24 * 60 * 60) return "exp is more than 24 hours ahead";
  if (body.sub !== expected.subject) return `sub ${body.sub}`;
  return null;
}
