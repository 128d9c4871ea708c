import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import webPush from "web-push";
import { loadConfig } from "#server/env.ts";

const root = path.resolve(import.meta.dirname, "..");

// `npm run vapid-keys` on a production install (`npm install --omit=dev`, docs/operations.md)
// failed with ERR_MODULE_NOT_FOUND: the script imported web-push, a devDependency. It is run here
// as `npm run` runs it, from a folder holding only package.json and the script: no node_modules.
it("prints a VAPID key pair the server accepts, with no package installed", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "collect-vapid-"));
  copyFileSync(path.join(root, "package.json"), path.join(folder, "package.json"));
  const script = path.join(folder, "scripts/vapid-keys.mjs");
  const scriptInPackage = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts["vapid-keys"];
  expect(scriptInPackage).toBe("node scripts/vapid-keys.mjs");
  mkdirSync(path.join(folder, "scripts"));
  copyFileSync(path.join(root, "scripts/vapid-keys.mjs"), script);

  const run = spawnSync(process.execPath, ["scripts/vapid-keys.mjs", "mailto:ops@collect.example"], {
    cwd: folder,
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const env = Object.fromEntries(
    run.stdout
      .trim()
      .split("\n")
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  expect(Object.keys(env)).toEqual(["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"]);
  // The server takes the three lines as they are (formats, and the public key is the private one's).
  expect(loadConfig(env).vapid).toEqual({
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: "mailto:ops@collect.example",
  });
  // And web-push, which signs the pushes with them, does too.
  const headers = webPush.getVapidHeaders(
    "https://push.example",
    env.VAPID_SUBJECT ?? "",
    env.VAPID_PUBLIC_KEY ?? "",
    env.VAPID_PRIVATE_KEY ?? "",
    "aes128gcm",
  );
  expect(headers.Authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
});

it("imports nothing but Node's own modules", () => {
  const source = readFileSync(path.join(root, "scripts/vapid-keys.mjs"), "utf8");
  const imports = [...source.matchAll(/^\s*import\b[^"']*["']([^"']+)["']/gm)].map((m) => m[1]);
  expect(imports.length).toBeGreaterThan(0);
  for (const specifier of imports) expect(specifier).toMatch(/^node:/);
});
