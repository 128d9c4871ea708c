import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { buildTestApp, databaseKinds, freshDatabase, testConfig } from "#server/test/harness.ts";
import { OPENAPI_PATH } from "./openapi";

/** The route better-auth is mounted on (routes/identity/routes.ts). */
const IDENTITY_ROUTE = "/api/identity/*";

type IdentityOperation = { tags: string[]; responses: Record<string, unknown> };

/** Fastify's `/api/payees/:id` and `/objects/*` as OpenAPI writes them. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}");
}

describe.each(databaseKinds)("the API reference [%s]", (kind) => {
  let app: FastifyInstance;
  const routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    const database = await freshDatabase(kind);
    app = await buildApp(testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-api-")) }), {
      database,
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    app.addHook("onClose", async () => database.close());
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is a valid OpenAPI 3.1 document, public and cacheable", async () => {
    const response = await app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names how each operation is called: the cookie, and the token scope where a token may call it", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    expect(Object.keys(document.components.securitySchemes)).toEqual(["session", "token"]);
    const security = (path: string, method: string) => document.paths[path][method].security;
    expect(security("/api/payment-requests", "post")).toEqual([
      { session: [] },
      { token: ["requests:write"] },
    ]);
    expect(security("/api/payment-requests", "get")).toEqual([{ session: [] }, { token: ["requests:read"] }]);
    expect(security("/api/payees/{id}", "delete")).toEqual([{ session: [] }, { token: ["contacts:write"] }]);
    // No token manages tokens, webhooks or the account.
    for (const [path, method] of [
      ["/api/tokens", "post"],
      ["/api/webhooks", "get"],
      ["/api/account/sessions", "get"],
    ]) {
      expect(security(path as string, method as string), path).toEqual([{ session: [] }]);
    }
    // Public operations name none.
    expect(security("/api/payment-screen/{code}", "get")).toBeUndefined();
    // Every event Collect posts, with its signed headers and body.
    expect(Object.keys(document.webhooks)).toEqual([
      "request.created",
      "request.viewed",
      "request.claimed",
      "request.paid",
      "request.unpaid",
      "request.cancelled",
      "request.payment_recorded",
      "request.payment_undone",
      "series.occurrence_created",
      "reminder.sent",
      "test",
    ]);
    const paid = document.webhooks["request.paid"].post;
    expect(paid.parameters.map((p: { name: string }) => p.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
    expect(paid.requestBody.content["application/json"].schema.required).toEqual([
      "type",
      "timestamp",
      "data",
    ]);
  });

  it("lists every route the server registered, with the schemas it enforces", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    // Excused: HEAD, Fastify's own twin of each GET, and the reference itself (hidden). The built
    // client's files would be routes too, but the test apps serve none (no clientDir).
    const listed = routes.filter((r) => r.method !== "HEAD" && r.url !== OPENAPI_PATH);
    expect(listed.length).toBeGreaterThan(60);
    const documented = (r: { method: string; url: string }) =>
      r.url === IDENTITY_ROUTE
        ? // better-auth's one catch-all is documented as the operations it serves.
          Object.entries(document.paths).some(
            ([path, methods]) =>
              path.startsWith("/api/identity/") && r.method.toLowerCase() in (methods as object),
          )
        : Boolean(document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(listed.filter((r) => !documented(r))).toEqual([]);
    expect(document.paths[openApiPath(IDENTITY_ROUTE)]).toBeUndefined();

    const create = document.paths["/api/payment-requests"].post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["recipientName", "recipientPhone", "amount"]),
    );
    expect(Object.keys(create.responses)).toContain("201");
    const view = document.paths["/api/payment-screen/{code}"].get;
    expect(view.parameters).toEqual([expect.objectContaining({ name: "code", in: "path", required: true })]);
  });

  it("documents every operation's success answer, with its media type where it is not JSON (issue 47)", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(60);
    const without = operations
      .filter(({ op }) => !Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)))
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(without).toEqual([]);
    const media = (path: string, method: string, status: string) =>
      Object.keys(document.paths[path][method].responses[status].content ?? {});
    expect(media("/pay/{code}", "get", "200")).toEqual(["text/html"]);
    expect(media("/pay/{code}", "get", "404")).toEqual(["text/html"]);
    expect(media("/pay/{code}/card/{file}", "get", "200")).toEqual(["image/png"]);
    expect(media("/api/payment-requests/export.csv", "get", "200")).toEqual(["text/csv"]);
    expect(media("/api/events", "get", "200")).toEqual(["text/event-stream"]);
    expect(media("/api/mail/stop/{token}", "post", "200").sort()).toEqual(["application/json", "text/html"]);
    expect(Object.keys(document.paths["/api/payment-screen/{code}/view"].post.responses)).toContain("204");
  });

  it("documents every route's error answers as {message}, not only its 2xx (issue 22 item 7)", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const answers = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses).sort();
    // A signed-in write with an id: its input, the session, someone else's id, the write limit.
    // Any write: unreadable JSON, another site, too large, another media type.
    expect(answers("/api/payees/{id}", "delete")).toEqual([
      "204",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "429",
    ]);
    // And a request no longer pending (409).
    expect(answers("/api/payment-requests/{id}/status", "patch")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "429",
    ]);
    // Declared by the route itself, and kept.
    expect(answers("/api/recurring-requests", "post")).toEqual([
      "201",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "429",
    ]);
    // A signed-in read: no session (401), an API token its scopes do not reach (403) or past its
    // limit (429). A public page of a code: its input, an unknown code.
    expect(answers("/api/notifications/settings", "get")).toEqual(["200", "401", "403", "429"]);
    expect(answers("/api/payment-screen/{code}", "get")).toEqual(expect.arrayContaining(["400", "404"]));
    const message =
      document.paths["/api/payees/{id}"].delete.responses["404"].content["application/json"].schema;
    expect(message.required).toEqual(["message", "code"]);

    // Every operation with an id in its path says 404; every one but the public reads says some 4xx.
    const operations = Object.entries(document.paths as Record<string, Record<string, { responses: object }>>)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
      .filter(({ path }) => path.startsWith("/api/") && !path.startsWith("/api/identity/"));
    expect(operations.filter(({ path, op }) => path.includes("{") && !("404" in op.responses))).toEqual([]);
    // Only these take nothing, need no session and have no limit: they cannot answer a 4xx.
    const without4xx = operations.filter(
      ({ op }) => !Object.keys(op.responses).some((k) => k.startsWith("4")),
    );
    expect(without4xx.map(({ path, method }) => `${method} ${path}`).sort()).toEqual([
      "get /api/auth/sign-in-options",
      "get /api/logout",
    ]);
  });

  it("documents better-auth's routes that Collect serves as operations of their own", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const identity = Object.entries(document.paths as Record<string, Record<string, IdentityOperation>>)
      .filter(([path]) => path.startsWith("/api/identity/"))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    // What routes/identity/routes.ts lets through, and nothing it refuses (sign-out, get-session, …).
    expect(identity.map(({ path, method }) => `${method} ${path}`).sort()).toEqual([
      "get /api/identity/verify-email",
      "post /api/identity/passkey/sign-in",
      "post /api/identity/request-password-reset",
      "post /api/identity/reset-password",
      "post /api/identity/sign-in/email",
      "post /api/identity/sign-up/email",
    ]);
    for (const { op } of identity) {
      expect(op.tags).toEqual(["identity"]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["400", "429"]));
    }
    const operation = (path: string, method = "post") => document.paths[`/api/identity${path}`][method];
    const body = (path: string) => operation(path).requestBody.content["application/json"].schema;
    // Collect's own checks of the password routes' bodies, and better-auth's description of the rest.
    expect(body("/sign-in/email").additionalProperties).toBe(false);
    expect(body("/sign-in/email").required).toEqual(["email", "password"]);
    expect(body("/request-password-reset").required).toEqual(["email"]);
    expect(body("/passkey/sign-in").required).toEqual(["response"]);
    // Sign-up says the same for a new address and a registered one: no user, no session.
    const signUp = operation("/sign-up/email").responses["200"].content["application/json"].schema;
    expect(Object.keys(signUp.properties).sort()).toEqual(["message", "status"]);
    expect(Object.keys(operation("/sign-in/email").responses)).toEqual(
      expect.arrayContaining(["200", "401", "503"]),
    );
    const verify = operation("/verify-email", "get");
    expect(verify.parameters.map((p: { name: string }) => p.name)).toEqual(["token", "callbackURL"]);
    expect(verify.responses["302"].headers.location).toBeDefined();
    // better-auth's references to its tables are written out, as the document has no such components.
    expect(JSON.stringify(identity)).not.toContain("$ref");
    // The generator's own routes (auth/auth.ts openAPI plugin) are not served.
    for (const url of ["/api/identity/reference", "/api/identity/open-api/generate-schema"]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });
});

describe("the API reference with password sign-in off", () => {
  it("leaves out the password routes", async () => {
    const database = await freshDatabase("pglite");
    const app = await buildTestApp(database, { passwordSignIn: false });
    try {
      const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
      expect(document.paths["/api/identity/sign-in/email"]).toBeUndefined();
      expect(document.paths["/api/identity/sign-up/email"]).toBeUndefined();
      expect(document.paths["/api/identity/passkey/sign-in"]).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
