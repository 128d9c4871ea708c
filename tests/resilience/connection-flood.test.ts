import { mkdtempSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CAPS } from "#server/limits.ts";
import { type ServerProcess, startServer } from "./server-process";

const FLOOD = 3_000;
const sockets: net.Socket[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  server?.child.kill("SIGKILL");
  await server?.exited;
});

/** An idle connection from `localAddress`: resolves once it is open or already closed by the server. */
function idleConnection(port: number, localAddress: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress });
    sockets.push(socket);
    socket.on("error", () => {});
    socket.once("connect", () => resolve(socket));
    socket.once("close", () => resolve(socket));
  });
}

/** GET /healthz from `localAddress` on a connection of its own. */
function healthFrom(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/healthz", localAddress, agent: false },
      (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.setTimeout(5_000, () => request.destroy(new Error("no answer in 5 s")));
  });
}

/**
 * Issue 25, F4: ~21,000 idle connections from one machine reached the open-file limit and nobody
 * else was served. One address now keeps at most its cap open; another address is served at once.
 */
it(`keeps at most ${CAPS.connections.perAddress} of ${FLOOD} idle connections from one address, and serves another`, async () => {
  server = await startServer({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-conn-")) });
  const port = Number(new URL(server.base).port);
  const started = performance.now();
  for (let i = 0; i < FLOOD; i += 500) {
    await Promise.all(Array.from({ length: 500 }, () => idleConnection(port, "127.0.0.2")));
  }
  // Let the server's closes reach us.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const open = sockets.filter((s) => !s.destroyed && s.readyState === "open").length;
  const floodMs = Math.round(performance.now() - started);

  const asked = performance.now();
  expect(await healthFrom(port, "127.0.0.3")).toBe(200);
  const servedMs = Math.round(performance.now() - asked);
  console.log(JSON.stringify({ flood: FLOOD, open, floodMs, otherAddressServedMs: servedMs }));
  // The flooding address itself is refused, not queued.
  await expect(healthFrom(port, "127.0.0.2")).rejects.toThrow();

  expect(open).toBeLessThanOrEqual(CAPS.connections.perAddress);
  expect(open).toBeGreaterThan(0);
  expect(servedMs).toBeLessThan(2_000);
}, 60_000);
