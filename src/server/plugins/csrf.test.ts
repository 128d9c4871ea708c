import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { freshDatabase, testConfig } from "#server/test/harness.ts";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase("pglite");
});
afterAll(() => database.close());

it("guards every state-changing route, and only those", async () => {
  const routes: RouteOptions[] = [];
  const app = await buildApp(testConfig(), { database, onRoute: (route) => void routes.push(route) });
  const unsafe = routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => ["POST", "PUT", "PATCH", "DELETE"].includes(method))
      .map((method) => ({ method, url: route.url.replace(/:[^/]+|\*/g, "x") }))
      // Exempt by design: the OAuth callback, and the RFC 8058 one-click links mailbox providers
      // post from their own servers (notifications' unsubscribe, the payer's "Stop reminders",
      // and "no more emails from this requester / from Collect").
      .filter(
        ({ url }) =>
          !url.startsWith("/api/identity/callback/") &&
          !url.startsWith("/api/notifications/unsubscribe/") &&
          !url.startsWith("/api/payment-requests/stop-reminders/") &&
          !url.startsWith("/api/mail/stop/"),
      ),
  );
  expect(unsafe.length).toBeGreaterThan(20);
  for (const { method, url } of unsafe) {
    const response = await app.inject({
      method: method as "POST",
      url,
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      payload: "{}",
    });
    expect([method, url, response.statusCode]).toEqual([method, url, 403]);
  }
  // Reads are not state-changing: a link opened from another site still works.
  const read = await app.inject({
    method: "GET",
    url: "/healthz",
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(read.statusCode).toBe(200);
  // The exempt unsubscribe link still checks its HMAC: a made-up one changes nothing.
  const unsubscribe = await app.inject({
    method: "POST",
    url: `/api/notifications/unsubscribe/claim.someone.${"A".repeat(43)}`,
    headers: { "sec-fetch-site": "cross-site", origin: "https://mail.example" },
  });
  expect(unsubscribe.statusCode).toBe(404);
  const stopMail = await app.inject({
    method: "POST",
    url: `/api/mail/stop/someone.${"A".repeat(22)}.${"A".repeat(22)}`,
    headers: { "sec-fetch-site": "cross-site", origin: "https://mail.example" },
  });
  expect(stopMail.statusCode).toBe(404);
  await app.close();
});

it("exempts the OAuth callback by the path better-auth serves, not by how the URL starts", async () => {
  const app = await buildApp(testConfig(), { database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  // Over a socket: inject would normalise the path before the app sees it; a browser sends it as written.
  const crossSite = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: url,
          method: "POST",
          agent: false,
          headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify({ email: "someone@example.com", password: "correct horse battery" }));
    });
  // Each of these reaches better-auth's sign-in, not the callback: a login CSRF if exempt.
  for (const url of [
    "/api/identity/callback/../sign-in/email",
    "/api/identity/callback/%2e%2e/sign-in/email",
    "/api/identity/callback/x/../../sign-in/email?x=1",
  ]) {
    expect([url, await crossSite(url)]).toEqual([url, 403]);
  }
  // The callback itself is exempt (the provider posts it from its own site).
  expect(await crossSite("/api/identity/callback/oidc")).not.toBe(403);
  await app.close();
});
