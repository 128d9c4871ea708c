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
});
