import { PassThrough } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { freshDatabase, testConfig } from "#server/test/harness.ts";

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

it("writes one JSON access line per request, and better-auth's messages as JSON into the same log", async () => {
  const lines: string[] = [];
  const stream = { write: (line: string) => lines.push(line) };
  const printed: unknown[] = [];
  const console_ = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  for (const name of Object.keys(console_) as (keyof typeof console_)[]) {
    console[name] = (...args: unknown[]) => printed.push(args);
  }
  try {
    const app = await buildApp(testConfig({ logLevel: "info" }), { database, logStream: stream });
    const healthz = await app.inject({ method: "GET", url: "/healthz" });
    expect(healthz.statusCode).toBe(200);
    // Better-auth logs the unknown account; a caller's newline must not forge a log line either.
    for (const email of ["nobody@example.com", 'nobody@example.com\n{"level":30,"msg":"forged"}']) {
      await app.inject({
        method: "POST",
        url: "/api/identity/sign-in/email",
        headers: { origin: "http://localhost:3000", "content-type": "application/json" },
        payload: { email, password: "wrong password here" },
      });
    }
    await app.close();
  } finally {
    Object.assign(console, console_);
  }
  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.some((r) => r.component === "auth")).toBe(true);
  expect(records.every((r) => r.msg !== "forged")).toBe(true);
  const access = records.filter((r) => r.msg === "request");
  expect(access.filter((r) => r.url === "/healthz")).toEqual([
    expect.objectContaining({ method: "GET", route: "/healthz", status: 200, ms: expect.any(Number) }),
  ]);
  expect(records.some((r) => r.msg === "incoming request" || r.msg === "request completed")).toBe(false);
  expect(printed).toEqual([]);
});

// Ids were "req-1", "req-2"… in every process, and an incoming X-Request-Id was ignored.
it("takes a sane incoming X-Request-Id, or makes a unique one, and logs and returns it", async () => {
  const lines: string[] = [];
  const app = await buildApp(testConfig({ logLevel: "info" }), {
    database,
    logStream: { write: (line: string) => lines.push(line) },
  });
  try {
    const given = await app.inject({ url: "/healthz", headers: { "x-request-id": "proxy-7f3a.1" } });
    expect(given.headers["x-request-id"]).toBe("proxy-7f3a.1");
    const made = await Promise.all(
      ["", "bad id with spaces", "x".repeat(200)].map((id) =>
        app.inject({ url: "/healthz", headers: id ? { "x-request-id": id } : {} }),
      ),
    );
    const ids = made.map((r) => String(r.headers["x-request-id"]));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string }).map((l) => l.reqId);
    expect(logged).toContain("proxy-7f3a.1");
    for (const id of ids) expect(logged).toContain(id);
  } finally {
    await app.close();
  }
});
