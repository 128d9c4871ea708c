import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { databaseKinds, freshDatabase, testConfig } from "#server/test/harness.ts";
import { OPENAPI_PATH } from "./openapi";

/** Fastify's `/api/payees/:id` and `/api/identity/*` as OpenAPI writes them. */
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

  it("lists every /api route the server registered, with the schemas it enforces", async () => {
    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const api = routes.filter(
      (r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.url !== OPENAPI_PATH,
    );
    expect(api.length).toBeGreaterThan(30);
    const missing = api.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);

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
    expect(answers("/api/payees/{id}", "delete")).toEqual(["204", "400", "401", "404", "429"]);
    expect(answers("/api/payment-requests/{id}/status", "patch")).toEqual([
      "200",
      "400",
      "401",
      "404",
      "429",
    ]);
    // Declared by the route itself, and kept.
    expect(answers("/api/recurring-requests", "post")).toEqual(["201", "400", "401", "409", "429"]);
    // A signed-in read: the session only. A public page of a code: its input, an unknown code.
    expect(answers("/api/notifications/settings", "get")).toEqual(["200", "401"]);
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
      "post /api/logout",
    ]);
  });
});
