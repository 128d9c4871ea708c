import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

async function waitReady(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become ready");
}

it("stops on SIGTERM after finishing, closes the database and exits 0", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-main-"));
  const port = 3900 + (process.pid % 90);
  const { child, output } = start({ PORT: String(port), DATA_DIR: dataDir });
  await waitReady(port);
  expect(existsSync(path.join(dataDir, "collect.lock"))).toBe(true);
  // A sign-up spends ~0.3 s hashing the password: SIGTERM arrives while it is in flight.
  const inFlight = fetch(`http://127.0.0.1:${port}/api/identity/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: "late@example.com", password: "correct horse battery", name: "" }),
  });
  await new Promise((r) => setTimeout(r, 100));
  child.kill("SIGTERM");
  expect((await inFlight).status).toBe(200);
  expect(await exited(child)).toBe(0);
  expect(existsSync(path.join(dataDir, "collect.lock"))).toBe(false);
  expect(output()).not.toMatch(/Error/);
}, 60_000);

it("refuses to start with a bad setting, naming it in one line", async () => {
  const { child, output } = start({ PORT: "eighty" });
  expect(await exited(child)).toBe(1);
  expect(output().trim()).toMatch(/^Invalid configuration: PORT /);
}, 30_000);
