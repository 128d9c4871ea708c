// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server in this process (so SIGTERM/SIGINT reach it directly).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/client/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["src/client", "src/shared"].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(builtIndex) || Math.max(...sources) > statSync(builtIndex).mtimeMs) {
  console.log("Building the client…");
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    // Always a production bundle, whatever NODE_ENV the server itself runs with.
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
}
// Precompressed .br/.gz beside the assets, once per build (a plain `vite build` leaves none).
const compressed = path.join(root, "dist/client/.compressed");
if (!existsSync(compressed) || statSync(compressed).mtimeMs < statSync(builtIndex).mtimeMs) {
  execFileSync(process.execPath, [path.join(root, "scripts/compress.mjs")], { cwd: root, stdio: "inherit" });
}

process.chdir(root);
register();
await import("../src/server/main.ts");
