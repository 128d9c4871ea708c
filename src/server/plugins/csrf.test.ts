import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { freshDatabase, testConfig } from "../test/harness";

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
      .filter(({ url }) => !url.startsWith("/api/identity/callback/")),
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
  await app.close();
});
