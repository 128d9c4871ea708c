import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import { afterAll, expect, it } from "vitest";
import { REQUEST, signUp, startServer } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");
const REDIS_URL = "redis://127.0.0.1:6379";
const folder = mkdtempSync(path.join(os.tmpdir(), "collect-prod-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * What a deployment does: the build output, package files and start script in a fresh folder,
 * runtime dependencies only (`--omit=dev`: no TypeScript loader, no Vite), then `npm start`.
 * A runtime import left in devDependencies fails here.
 */
it("installs with --omit=dev, starts with npm start and serves a pay page", async () => {
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  for (const item of [
    "package.json",
    "package-lock.json",
    "dist",
    "scripts/start.mjs",
    "scripts/env-file.mjs",
  ]) {
    cpSync(path.join(root, item), path.join(folder, item), { recursive: true });
  }
  execFileSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: folder,
    stdio: "inherit",
  });
  // No sources here: nothing can be transpiled or built at run time. (better-auth's peer
  // dependencies still bring vite and tsx into node_modules; the server imports neither.)
  expect(existsSync(path.join(folder, "src"))).toBe(false);

  const redis = new Redis(REDIS_URL);
  const limitKeys = async () => new Set(await redis.keys("collect:limit:*"));
  const keysBefore = await limitKeys();
  // Per-user write limits counted in Redis: the compiled server loads ioredis at start.
  const server = await startServer(
    { DATA_DIR: path.join(folder, "data"), RATE_LIMITS: "true", REDIS_URL },
    undefined,
    {
      cwd: folder,
      command: ["npm", "start", "--silent"],
    },
  );
  try {
    const client = await signUp(server.base);
    const created = await client.call("POST", "/api/payment-requests", REQUEST);
    expect(created.status).toBe(201);
    expect(created.headers.get("ratelimit-remaining")).toBe("59");
    const counters = [...(await limitKeys())].filter((key) => !keysBefore.has(key));
    expect(counters.length).toBeGreaterThan(0);
    for (const key of counters) expect(await redis.pttl(key)).toBeGreaterThan(0);
    const { request } = (await created.json()) as { request: { shortUrl: string } };
    const page = await fetch(new URL(new URL(request.shortUrl).pathname, server.base));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Resilient");
    // Packages only some requests use load at their first use, from the build's own chunks
    // (docs/decisions/017-fast-start-up.md): the link-preview card (satori) and passkeys.
    const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    const image = await fetch(new URL(new URL(card ?? "").pathname, server.base));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const passkey = await client.call("POST", "/api/passkeys/registration-options");
    expect(passkey.status).toBe(200);
    expect(((await passkey.json()) as { challenge?: string }).challenge).toBeTruthy();
    const version = await fetch(`${server.base}/healthz`);
    expect(version.status).toBe(200);

    // A process manager (systemd, Docker) stops the app by signalling `npm start`: the server
    // itself must get the signal and shut down, not live on orphaned, still serving, until it
    // is killed.
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    redis.disconnect();
  }
}, 300_000);
