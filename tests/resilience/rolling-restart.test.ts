import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import {
  createDatabase,
  dropDatabases,
  freePort,
  REQUEST,
  type ServerProcess,
  signUp,
  startServer,
} from "./server-process";

afterAll(dropDatabases);

/**
 * haproxy in front of the app processes, checking /readyz as docs/operations.md's example does:
 * every 2 s, every 500 ms once a check failed, down after 3 failures, with 2 s to answer each.
 * (Every 300 ms with one failure enough, and so 300 ms to answer, took every process down at
 * once under CPU load: docs/operations.md, "Rolling restarts".)
 */
function haproxyConfig(port: number, servers: number[]): string {
  return [
    "global",
    "  maxconn 4000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  option http-keep-alive",
    // Only a connection that never reached a server is tried again: a POST is never replayed.
    "  retries 3",
    "  retry-on conn-failure",
    "  option redispatch",
    "frontend web",
    `  bind 127.0.0.1:${port}`,
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  timeout check 2s",
    "  default-server inter 2s fastinter 500ms fall 3 rise 2",
    ...servers.map((p, i) => `  server app${i} 127.0.0.1:${p} check`),
    "",
  ].join("\n");
}

/**
 * Issue 26 item 3: three processes on one PostgreSQL with Redis behind haproxy are restarted one
 * at a time (SIGTERM, wait, start again) while clients write through the balancer. With the
 * drain (/readyz 503 and `Connection: close` for SHUTDOWN_DRAIN_MS after SIGTERM) no request
 * fails, POSTs included. Without it a POST the proxy wrote onto a closing keep-alive socket
 * came back 502.
 */
it("restarts three processes behind haproxy one at a time under load with 0 failed requests", async () => {
  const database = await createDatabase();
  const lbPort = await freePort();
  const lb = `http://127.0.0.1:${lbPort}`;
  const ports = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    PUBLIC_URL: lb,
    // The default: longer than haproxy takes to see /readyz fail (2 s + 2 × 500 ms, and the checks).
    SHUTDOWN_DRAIN_MS: "5000",
  };
  const servers: ServerProcess[] = [];
  for (const port of ports) servers.push(await startServer(env, port));
  const config = path.join(mkdtempSync(path.join(os.tmpdir(), "collect-lb-")), "haproxy.cfg");
  writeFileSync(config, haproxyConfig(lbPort, ports));
  const haproxy = spawn("haproxy", ["-f", config, "-db"], { stdio: "ignore" });
  try {
    await until(async () => (await fetch(`${lb}/readyz`).catch(() => null))?.ok === true, 20_000);
    const client = await signUp(lb);

    const outcomes = { ok: 0, failed: [] as string[] };
    let stop = false;
    const writer = async () => {
      while (!stop) {
        try {
          const created = await client.call("POST", "/api/payment-requests", REQUEST, lb);
          if (created.status === 201) outcomes.ok += 1;
          else outcomes.failed.push(`POST ${created.status} ${await created.text()}`);
          const listed = await client.call("GET", "/api/payment-requests?limit=1", undefined, lb);
          await listed.arrayBuffer();
          if (listed.status === 200) outcomes.ok += 1;
          else outcomes.failed.push(`GET ${listed.status}`);
        } catch (error) {
          outcomes.failed.push(`network ${(error as { cause?: { code?: string } }).cause?.code ?? error}`);
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    for (const [i, port] of ports.entries()) {
      const old = servers[i] as ServerProcess;
      old.child.kill("SIGTERM");
      expect(await old.exited).toBe(0);
      servers[i] = await startServer(env, port);
      // haproxy counts it up after two good checks (at most 2 s + 500 ms).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    stop = true;
    await Promise.all(writers);
    console.log(`rolling restart: ${outcomes.ok} requests answered, ${outcomes.failed.length} failed`);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(200);
  } finally {
    haproxy.kill("SIGTERM");
    for (const server of servers) server.child.kill("SIGKILL");
  }
}, 120_000);
