// `npm start`: runs the compiled server (dist/server/main.js) in this process, so SIGTERM and
// SIGINT reach it directly. Builds first when the build is missing, or, where the build tools are
// installed (a development checkout), when a source (tests aside) is newer than it. Production
// (NODE_ENV=production, or an install without the build tools) never builds: it runs what
// `npm run build` produced, or says that there is none.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadDotEnv } from "./env-file.mjs";

// The lock file pins Node 24 (the `node-linux-*` packages, docs/decisions/020-pinned-runtime.md);
// anywhere else `node` may be an older one, which would fail later and less clearly.
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 24) {
  console.error(
    `Collect needs Node 24 or later, and this is Node ${process.versions.node}: run \`npm install\` (it installs Node 24 on Linux) or install Node 24 (.nvmrc).`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, "..");
loadDotEnv(root);
const outputs = ["dist/client/index.html", "dist/server/main.js"].map((f) => path.join(root, f));
const canBuild =
  process.env.NODE_ENV !== "production" &&
  existsSync(path.join(root, "node_modules/vite")) &&
  existsSync(path.join(root, "src"));

/** Tests and their helpers (src/server/test, src/client/test) are not built: editing one is no reason to build. */
const notBuilt = (entry) => (entry.isDirectory() ? entry.name === "test" : /\.test\.tsx?$/.test(entry.name));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (notBuilt(entry)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const missing = outputs.some((f) => !existsSync(f));
const stale =
  canBuild &&
  !missing &&
  newestMtime(path.join(root, "src")) > Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (missing || stale) {
  if (!canBuild) {
    console.error("No build in dist/: run `npm run build` where the dev dependencies are installed.");
    process.exit(1);
  }
  console.log("Building…");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
}

process.chdir(root);
// Source maps are not read unless asked for (NODE_OPTIONS=--enable-source-maps; dist/server
// carries them): the first stack trace formatted with them parses the app's map and keeps it,
// 55 MB of the heap for good (a sign-in flood did it: 314 → 238 MB resident without), and reading
// them costs ~40 ms of a start. Stack traces name dist/server files, which are not minified.
// V8 keeps the compiled code of the server and its packages on disk between starts (Node 22+):
// loading them is most of a start-up.
module.enableCompileCache?.();
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
