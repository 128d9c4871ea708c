import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import { afterAll, expect, it } from "vitest";
import { photoPng } from "#server/test/test-images.ts";
import { envOf, one, readContainerfile } from "../../scripts/containerfile.ts";
import { createDatabase, dropDatabases, REQUEST, signUp, startServer } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");
const REDIS_URL = "redis://127.0.0.1:6379";
const folder = mkdtempSync(path.join(os.tmpdir(), "collect-prod-"));
/** The database and pay page the first test serves, served again by the second. */
let databaseUrl = "";
let payPath = "";
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await dropDatabases();
});

/** What docs/operations.md tells an operator to ship, to run on the server, and to measure it with. */
const SHIPPED = ["dist", "package.json", "package-lock.json", "scripts/start.mjs", "scripts/env-file.mjs"];
const INSTALL = "npm install --omit=dev";
const MEASURE = "du -sm --exclude=node-linux-* node_modules";
/** The production install without the Node binary package (docs/decisions/026-lean-install.md). */
const MOST_MB = 120;
/** Build tools better-auth names as optional peers: an install that keeps them is not lean. */
const BUILD_TOOLS = [
  "vite",
  "vitest",
  "rolldown",
  "happy-dom",
  "drizzle-kit",
  "esbuild",
  "tsx",
  "typescript",
];

it("docs/operations.md's production install commands are the ones this test runs", () => {
  const readme = readFileSync(path.join(root, "docs/operations.md"), "utf8");
  for (const line of [INSTALL, MEASURE]) expect(readme).toContain(line);
  for (const item of SHIPPED) expect(readme).toContain(`\`${item.endsWith("dist") ? "dist/" : item}\``);
});

/**
 * What a deployment does: the build output, package files and start script in a fresh folder,
 * runtime dependencies only, then `npm start`. A runtime import left in devDependencies fails
 * here; so does an install above MOST_MB.
 */
it("installs with --omit=dev within 120 MB, starts with npm start and serves a pay page with a photo and card, and a receipt", async () => {
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  for (const item of SHIPPED) cpSync(path.join(root, item), path.join(folder, item), { recursive: true });
  const [npm = "npm", ...installArgs] = INSTALL.split(" ");
  execFileSync(npm, installArgs, { cwd: folder, stdio: "inherit" });
  // No sources here: nothing can be transpiled or built at run time, and no build tool is installed.
  expect(existsSync(path.join(folder, "src"))).toBe(false);
  const installed = readdirSync(path.join(folder, "node_modules"));
  expect(installed.filter((name) => BUILD_TOOLS.includes(name))).toEqual([]);
  const [du = "du", ...measureArgs] = MEASURE.split(" ");
  const megabytes = Number(execFileSync(du, measureArgs, { cwd: folder, encoding: "utf8" }).split("\t")[0]);
  console.log(
    `production install: ${megabytes} MB without the Node binary; packages: ${installed.join(" ")}`,
  );
  expect(megabytes).toBeGreaterThan(0);
  expect(megabytes).toBeLessThanOrEqual(MOST_MB);

  // The embedded database's package loads from this install (opening a fresh one is tested
  // elsewhere: it takes seconds of CPU). The server runs on PostgreSQL, as in production.
  execFileSync(process.execPath, ["--input-type=module", "-e", 'await import("@electric-sql/pglite")'], {
    cwd: folder,
  });
  databaseUrl = (await createDatabase()).url;

  const redis = new Redis(REDIS_URL);
  const limitKeys = async () => new Set(await redis.keys("collect:limit:*"));
  const keysBefore = await limitKeys();
  // Per-user write limits counted in Redis: the compiled server loads ioredis at start.
  const server = await startServer(
    { DATA_DIR: path.join(folder, "data"), DATABASE_URL: databaseUrl, RATE_LIMITS: "true", REDIS_URL },
    undefined,
    {
      cwd: folder,
      command: ["npm", "start", "--silent"],
    },
  );
  try {
    const client = await signUp(server.base);
    // A photo: sharp (native, with its platform package) checks and re-encodes it.
    const photo = photoPng(800, 600);
    const link = await client.call("POST", "/api/profile/photo/upload", { size: photo.length });
    expect(link.status).toBe(200);
    const { uploadURL } = (await link.json()) as { uploadURL: string };
    const put = await fetch(uploadURL, {
      method: "PUT",
      body: new Uint8Array(photo),
      headers: { "content-type": "image/png" },
    });
    expect(put.status).toBe(200);
    const set = await client.call("PUT", "/api/profile/photo", { photoURL: uploadURL });
    expect(set.status, await set.clone().text()).toBe(200);
    const created = await client.call("POST", "/api/payment-requests", REQUEST);
    expect(created.status).toBe(201);
    expect(created.headers.get("ratelimit-remaining")).toBe("59");
    const counters = [...(await limitKeys())].filter((key) => !keysBefore.has(key));
    expect(counters.length).toBeGreaterThan(0);
    for (const key of counters) expect(await redis.pttl(key)).toBeGreaterThan(0);
    const { request } = (await created.json()) as { request: { shortUrl: string } };
    payPath = new URL(request.shortUrl).pathname;
    const page = await fetch(new URL(payPath, server.base));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Resilient");
    const avatar = /<img[^>]+src="([^"]+-192)"/.exec(html)?.[1];
    expect(avatar).toBeTruthy();
    const avatarImage = await fetch(new URL(avatar ?? "", server.base));
    expect(avatarImage.status).toBe(200);
    expect(avatarImage.headers.get("content-type")).toBe("image/webp");
    expect((await avatarImage.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // Packages only some requests use load at their first use, from the build's own chunks
    // (docs/decisions/017-fast-start-up.md): the link-preview card (satori, drawn by resvg on the
    // card worker, with the photo in it) and passkeys.
    const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    // A draw that runs past its budget (the first starts the card thread: slow on a loaded
    // machine) answers 503 with Retry-After; a crawler asks again, and so does this test.
    let image = await fetch(new URL(new URL(card ?? "").pathname, server.base));
    for (let attempt = 0; image.status === 503 && attempt < 3; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, Number(image.headers.get("retry-after") ?? 1) * 1000),
      );
      image = await fetch(new URL(new URL(card ?? "").pathname, server.base));
    }
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // A receipt: pdfkit from the build's own chunk, its faces read from the installed font packages
    // (an Arabic name on it needs Noto's Arabic face).
    const { request: paid } = (await (
      await client.call("POST", "/api/payment-requests", { ...REQUEST, recipientName: "سامي" })
    ).json()) as { request: { id: string } };
    await client.call("PATCH", `/api/payment-requests/${paid.id}/status`, { status: "paid" });
    const receipt = await client.call("GET", `/api/payment-requests/${paid.id}/receipt.pdf`);
    expect(receipt.status, await receipt.clone().text()).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await receipt.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("NotoSansArabic");
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

/**
 * The Containerfile's stages outside a container (none runs in CI): its production-install line
 * in the folder above, then the runtime stage's command with its environment, probed by its own
 * HEALTHCHECK and stopped by its STOPSIGNAL.
 */
it("runs the Containerfile's install and command on the same folder", async () => {
  expect(payPath).not.toBe("");
  const { stages } = readContainerfile();
  const install = stages.find((stage) => stage.name === "production-install");
  const runtime = stages.at(-1);
  execFileSync("sh", ["-c", one(install, "RUN")], { cwd: folder, stdio: "inherit" });
  // The image brings its own Node: the lock file's binary package is gone.
  expect(
    readdirSync(path.join(folder, "node_modules")).filter((name) => name.startsWith("node-linux")),
  ).toEqual([]);
  const [node, ...flags] = JSON.parse(one(runtime, "CMD")) as string[];
  expect(node).toBe("node");
  const { PORT: _port, HOST: _host, ...env } = envOf(runtime);
  const server = await startServer(
    {
      ...env,
      DATA_DIR: path.join(folder, "data"),
      DATABASE_URL: databaseUrl,
      NODE_COMPILE_CACHE: path.join(folder, ".cache"),
    },
    undefined,
    { cwd: folder, command: [process.execPath, ...flags] },
  );
  const port = new URL(server.base).port;
  const healthcheck = JSON.parse(one(runtime, "HEALTHCHECK").replace(/^.*?CMD /, "")) as string[];
  expect(healthcheck[0]).toBe("node");
  const probe = () =>
    new Promise<number | null>((resolve) =>
      spawn(process.execPath, healthcheck.slice(1), { env: { ...process.env, PORT: port } }).once(
        "exit",
        resolve,
      ),
    );
  try {
    expect(await probe()).toBe(0);
    const page = await fetch(new URL(payPath, server.base));
    expect(page.status).toBe(200);
    const avatar = /<img[^>]+src="([^"]+-192)"/.exec(await page.text())?.[1];
    expect((await fetch(new URL(avatar ?? "", server.base))).headers.get("content-type")).toBe("image/webp");
    server.child.kill(one(runtime, "STOPSIGNAL") as NodeJS.Signals);
    expect(await server.exited).toBe(0);
    expect(await probe()).toBe(1);
  } finally {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}, 120_000);
