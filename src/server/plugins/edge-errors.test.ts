import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { createUser, freshDatabase, testConfig } from "#server/test/harness.ts";

/** Sends raw bytes to the listening server; resolves with what came back once it hung up. */
function raw(
  port: number,
  chunks: string[],
  gapMs = 0,
  maxMs = 10_000,
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => (text += d));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ text, ms: performance.now() - started }));
    const give = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${maxMs} ms: ${text}`));
    }, maxMs);
    socket.on("close", () => clearTimeout(give));
    (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
  });
}

const bodyOf = (response: string) => response.slice(response.indexOf("\r\n\r\n") + 4);
const statusOf = (response: string) => Number(response.split(" ")[1]);

describe("answers at the edge of HTTP", () => {
  let app: FastifyInstance;
  let database: Database;
  let port: number;
  beforeAll(async () => {
    database = await freshDatabase("pglite");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-edge-"));
    app = await buildApp(testConfig({ dataDir }), {
      database,
      timeouts: { requestMs: 1_000, headersMs: 1_000, checkEveryMs: 200 },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("cuts a body that trickles in, within the request timeout", async () => {
    const head =
      "POST /api/payees HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n";
    const { ms } = await raw(port, [head, ...Array.from({ length: 30 }, () => "{")], 300);
    expect(ms).toBeLessThan(3_000);
  });

  it("answers framework and Node-level errors as {message, code}, never echoing the path", async () => {
    const long = `/api/payment-requests/${"x".repeat(600)}/status`;
    const cases = [
      `PATCH ${long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      "GET /api/payees/%ff%fe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET /pay/%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      "NOT A REQUEST\r\n\r\n",
    ];
    for (const request of cases) {
      const { text } = await raw(port, [request]);
      const status = statusOf(text);
      expect(status, text).toBeGreaterThanOrEqual(400);
      expect(status, text).toBeLessThan(500);
      expect(text.toLowerCase()).toContain("content-type: application/json");
      const body = JSON.parse(bodyOf(text)) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["message", "code"]);
      expect(String(body.message)).not.toMatch(/xxxx|%ff|\/pay\//i);
    }
  });

  it("tells caches to keep no signed-in JSON", async () => {
    const user = await createUser(app);
    const response = await app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const refused = await app.inject({ method: "GET", url: "/api/payees" });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("lets the page reach only its own origin (and the S3 endpoint it uploads to)", async () => {
    const csp = String(
      (await app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"],
    );
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toContain("https:");
  });
});
