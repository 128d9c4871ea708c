import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { suppressionToken } from "#server/mail/suppression.ts";
import { unsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import {
  as,
  bearer,
  buildTestApp,
  cookieFrom,
  createReadyUser,
  createUser,
  databaseKinds,
  freshDatabase,
  nextIp,
  TEST_ORIGIN,
  TEST_SECRET,
} from "#server/test/harness.ts";
import { linkIn, startMailServer } from "#server/test/mail-server.ts";
import { REDACTED, redactSecrets, SECRET_PATH_ROUTES } from "./secret-paths";
import { startTracing, type Tracing } from "./tracing";

type OtlpValue = { stringValue?: string; intValue?: number | string; arrayValue?: unknown };
type Attribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  name: string;
  kind: number;
  attributes: Attribute[];
  events?: { name: string; attributes?: Attribute[] }[];
  status?: { message?: string };
};
type ExportRequest = {
  resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
};

/** A local OTLP/HTTP receiver: every span the exporter sent, with its resource's service.name. */
async function startReceiver() {
  const requests: ExportRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces") requests.push(JSON.parse(body));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: (service: string) =>
      requests.flatMap((r) =>
        r.resourceSpans
          .filter((rs) => rs.resource.attributes.some((a) => a.value.stringValue === service))
          .flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const mail = await startMailServer();
const receiver = await startReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

/**
 * Every link that works without signing in, opened through the real server with the access log on
 * and traces exported: none of the secrets it issued is in the log or in any exported span.
 */
describe.each(databaseKinds)("secrets in URLs stay out of logs and traces [%s]", (kind) => {
  const service = `collect-secrets-${kind}-${randomBytes(3).toString("hex")}`;
  const lines: string[] = [];
  let database: Database;
  let tracing: Tracing;
  let tracingStopped = false;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const stopTracing = async () => {
    if (tracingStopped) return;
    tracingStopped = true;
    await tracing.shutdown();
  };
  beforeAll(async () => {
    database = await freshDatabase(kind);
    tracing = startTracing({ endpoint: receiver.url, serviceName: service }, "test");
    app = await buildTestApp(
      database,
      { logLevel: "info", mail: { smtpUrl: mail.url, from: "Collect <no-reply@example.com>" } },
      { logStream: { write: (line: string) => lines.push(line) }, tracing: tracing.fastify },
    );
  });
  afterAll(async () => {
    await stopTracing();
    await app?.close();
    await database?.close();
  });

  it("opens every secret link; the log and the spans name the route, never the secret", async () => {
    const secrets: Record<string, string> = {};
    const anonymous = as(app, null);

    // Verify email: the link mailed at sign-up.
    const newcomer = `verify-${randomBytes(4).toString("hex")}@example.com`;
    const signUp = await app.inject({
      method: "POST",
      url: "/api/identity/sign-up/email",
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: newcomer, password: "a long enough password", name: "" },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verifyLink = new URL(
      linkIn(await mail.waitFor(newcomer, /Confirm your email/), `${TEST_ORIGIN}/api/identity/verify-email?`),
    );
    secrets.verify = verifyLink.searchParams.get("token") as string;
    const verified = await app.inject({ method: "GET", url: `${verifyLink.pathname}${verifyLink.search}` });
    expect(verified.statusCode, verified.body).toBe(302);

    // Password reset: the mailed token, checked by the reset page, opened as better-auth's own
    // link would name it (not served: the request is logged all the same), then used.
    const forgetful = await createUser(app);
    const asked = await anonymous("POST", "/api/identity/request-password-reset", {
      email: forgetful.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const resetLink = new URL(
      linkIn(
        await mail.waitFor(forgetful.email, /Reset your Collect password/),
        `${TEST_ORIGIN}/reset-password?token=`,
      ),
    );
    secrets.reset = resetLink.searchParams.get("token") as string;
    expect((await anonymous("GET", `/api/account/reset-token/${secrets.reset}`)).statusCode).toBe(204);
    const viaAuth = await anonymous(
      "GET",
      `/api/identity/reset-password/${secrets.reset}?callbackURL=${encodeURIComponent("/reset-password")}`,
    );
    expect(viaAuth.statusCode, viaAuth.body).toBe(404);
    const reset = await anonymous("POST", "/api/identity/reset-password", {
      token: secrets.reset,
      newPassword: "a brand new password",
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // A requester with a request; the payer's links about it.
    const owner = await createReadyUser(app, database.db);
    const ownerCall = as(app, owner);
    const ownerId = (await ownerCall("GET", "/api/auth/user")).json().id as string;
    const created = await ownerCall("POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "(212) 555-0101",
      amount: "25.50",
      description: "Pizza",
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().request as { id: string; shortUrl: string };
    const code = request.shortUrl.split("/").pop() as string;

    secrets.stopReminders = stopToken(request.id, TEST_SECRET);
    const stopPath = `/api/payment-requests/stop-reminders/${secrets.stopReminders}`;
    expect((await app.inject({ method: "GET", url: stopPath })).statusCode).toBe(200);
    const stopped = await app.inject({
      method: "POST",
      url: stopPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode, stopped.body).toBe(200);

    secrets.mailStop = suppressionToken(TEST_SECRET, "all", "payer@example.com");
    const mailStopPath = `/api/mail/stop/${secrets.mailStop}`;
    expect((await app.inject({ method: "GET", url: mailStopPath })).statusCode).toBe(200);
    const suppressed = await app.inject({
      method: "POST",
      url: mailStopPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(suppressed.statusCode, suppressed.body).toBe(200);

    // The requester's notification unsubscribe link.
    secrets.unsubscribe = unsubscribeToken(TEST_SECRET, ownerId, "claim");
    const unsubscribePath = `/api/notifications/unsubscribe/${secrets.unsubscribe}`;
    expect((await app.inject({ method: "GET", url: unsubscribePath })).statusCode).toBe(200);
    const unsubscribed = await app.inject({
      method: "POST",
      url: unsubscribePath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);

    // A payer's claim: its browser's token comes back as a cookie, and corrects the claim.
    const payer = nextIp();
    const claimPath = `/api/payment-screen/${code}/claim`;
    const claim = (cookie?: string) =>
      app.inject({
        method: "POST",
        url: claimPath,
        remoteAddress: payer,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        payload: { via: "other", note: "Sent" },
      });
    const claimed = await claim();
    expect(claimed.statusCode, claimed.body).toBe(204);
    const claimCookie = cookieFrom(claimed);
    secrets.claim = claimCookie.split("=")[1] as string;
    expect((await claim(claimCookie)).statusCode).toBe(204);

    // A signed upload URL, used.
    const upload = await ownerCall("POST", "/api/profile/photo/upload");
    expect(upload.statusCode, upload.body).toBe(200);
    const uploadUrl = new URL(upload.json().uploadURL as string);
    secrets.uploadSignature = uploadUrl.searchParams.get("sig") as string;
    const put = await app.inject({
      method: "PUT",
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
      payload: PNG,
    });
    expect(put.statusCode, put.body).toBe(200);

    // An OAuth callback's code, and a redirect target quoting a token, encoded.
    secrets.oauthCode = randomBytes(16).toString("base64url");
    await anonymous("GET", `/api/identity/callback/oidc?code=${secrets.oauthCode}&state=attempt`);
    secrets.inCallback = randomBytes(16).toString("base64url");
    await anonymous(
      "GET",
      `/api/login?returnTo=${encodeURIComponent(`/reset-password?token=${secrets.inCallback}`)}`,
    );

    // A personal API token, used, refused for a route its scope does not name, and revoked; a
    // webhook's signing secret, shown once (docs/api.md).
    const developer = as(app, await createReadyUser(app));
    const made = (await developer("POST", "/api/tokens", { name: "logs", scopes: ["requests:read"] })).json();
    secrets.apiToken = made.token;
    const script = bearer(app, made.token);
    expect((await script("GET", "/api/payment-requests")).statusCode).toBe(200);
    expect((await script("GET", "/api/tokens")).statusCode).toBe(403);
    await developer("DELETE", `/api/tokens/${made.id}`);
    expect((await script("GET", "/api/payment-requests")).statusCode).toBe(401);
    secrets.webhookSecret = (
      await developer("POST", "/api/webhooks", { url: "http://127.0.0.1:9/hooks", events: ["request.paid"] })
    ).json().secret;

    for (const [name, value] of Object.entries(secrets)) expect(value?.length, name).toBeGreaterThan(15);
    // The MAC of a signed token ("<payload>.<mac>") is its secret part.
    const needles = Object.values(secrets).flatMap((s) => [s, ...s.split(".").filter((p) => p.length >= 16)]);

    // The log: one access line per request, naming the route with the secret taken out.
    const log = lines.join("");
    for (const route of [
      "/api/account/reset-token/:token",
      "/api/payment-requests/stop-reminders/:token",
      "/api/notifications/unsubscribe/:token",
      "/api/mail/stop/:token",
    ]) {
      expect(log).toContain(`"route":"${route}","url":"${route.replace(":token", REDACTED)}"`);
    }
    expect(log).toContain(`"url":"/api/identity/reset-password/${REDACTED}?callbackURL=%2Freset-password"`);
    expect(log).toContain(`"url":"/api/identity/verify-email?token=${REDACTED}&callbackURL=`);
    expect(log).toContain(`"route":"/api/uploads/*","url":"${uploadUrl.pathname}?expires=`);
    for (const needle of needles) expect(log).not.toContain(needle);

    // The spans: sent once tracing stops (its last batch), each request's among them.
    await stopTracing();
    const spans = receiver.spans(service);
    const paths = spans.map((s) => attribute(s, "url.path")).filter(Boolean);
    expect(paths).toContain(`/api/mail/stop/${REDACTED}`);
    expect(paths).toContain(`/api/account/reset-token/${REDACTED}`);
    expect(paths).toContain(`/api/payment-requests/stop-reminders/${REDACTED}`);
    expect(paths).toContain(`/api/notifications/unsubscribe/${REDACTED}`);
    expect(paths).toContain(`/api/identity/reset-password/${REDACTED}?callbackURL=%2Freset-password`);
    expect(paths).toContain(claimPath);
    const unsubscribeSpan = spans.find((s) => s.name === "GET /api/notifications/unsubscribe/:token");
    expect(attribute(unsubscribeSpan as OtlpSpan, "http.route")).toBe(
      "/api/notifications/unsubscribe/:token",
    );
    const exported = JSON.stringify(spans);
    for (const needle of needles) expect(exported).not.toContain(needle);
  });

  it("knows every route of the app that carries a token in its path", async () => {
    const routes: string[] = [];
    const other = await buildTestApp(
      database,
      {},
      { onRoute: (route: RouteOptions) => void routes.push(route.url) },
    );
    await other.close();
    const withToken = [...new Set(routes.filter((url) => /:[^/]*(token|secret|sig)/i.test(url)))];
    expect(withToken.length).toBeGreaterThan(0);
    for (const route of withToken) expect(SECRET_PATH_ROUTES as readonly string[]).toContain(route);
    // And each listed route is the app's, but better-auth's, which sits under /api/identity/*.
    for (const route of SECRET_PATH_ROUTES.filter((r) => !r.startsWith("/api/identity/")))
      expect(routes).toContain(route);
  });
});

describe("redactSecrets", () => {
  it("takes the secret out of paths, queries, redirect targets and push endpoints, and keeps the rest", () => {
    expect(redactSecrets("/api/mail/stop/all.abc.DEF_ghi-123")).toBe(`/api/mail/stop/${REDACTED}`);
    // A balance's number is a person's, kept out of the log like an email.
    expect(redactSecrets("/api/balances/2125550101?limit=2")).toBe(`/api/balances/${REDACTED}?limit=2`);
    expect(redactSecrets("/balance?phone=%2B4915123456789")).toBe(`/balance?phone=${REDACTED}`);
    expect(redactSecrets("https://collect.example/api/notifications/unsubscribe/claim.u1.mac?x=1")).toBe(
      `https://collect.example/api/notifications/unsubscribe/${REDACTED}?x=1`,
    );
    expect(redactSecrets("/api/payment-requests/stop-reminders/id.mac/extra")).toBe(
      `/api/payment-requests/stop-reminders/${REDACTED}/extra`,
    );
    expect(redactSecrets("/api/uploads/incoming/a.png?expires=1&sig=s3cr3t")).toBe(
      `/api/uploads/incoming/a.png?expires=1&sig=${REDACTED}`,
    );
    expect(redactSecrets("/api/login?returnTo=%2Freset-password%3Ftoken%3Dabc&x=1")).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/reset-password?token=${REDACTED}`)}&x=1`,
    );
    expect(redactSecrets("https://fcm.googleapis.com/fcm/send/abc:def")).toBe(
      `https://fcm.googleapis.com/${REDACTED}`,
    );
    // Tokens and webhook secrets, wherever a text quotes them.
    expect(redactSecrets(`authorization: Bearer col_${"a".repeat(43)}`)).toBe(
      `authorization: Bearer col_${REDACTED}`,
    );
    expect(redactSecrets("secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+x/y=")).toBe(
      `secret whsec_${REDACTED}`,
    );
    // Routes without a secret, and route patterns, are left as they are.
    for (const plain of [
      "/pay/Ab3dE7gH9k",
      "GET /api/mail/stop/:token",
      "/api/payment-requests/stop-reminders",
      "/api/identity/reset-password",
    ])
      expect(redactSecrets(plain)).toBe(plain);
  });
});
