import { PassThrough } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { freshDatabase, testConfig } from "../test/harness";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase("pglite");
});
afterAll(() => database.close());

it("logs no cookies, authorization headers or signatures", async () => {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const app = await buildApp(testConfig({ logLevel: "info" }), { database, logStream: stream });
  await app.inject({
    method: "PUT",
    url: "/api/uploads/uploads/abcdefgh12345678/00000000-0000-4000-8000-000000000000?expires=1&sig=SECRETSIG",
    headers: { cookie: "better-auth.session_token=SECRETCOOKIE", authorization: "Bearer SECRETTOKEN" },
    payload: "x",
  });
  await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: "a=SECRETCOOKIE" } });
  await app.close();
  const log = lines.join("");
  expect(log).toContain("/api/uploads/");
  expect(log).toContain("sig=[REDACTED]");
  expect(log).not.toMatch(/SECRETSIG|SECRETCOOKIE|SECRETTOKEN/);
});
