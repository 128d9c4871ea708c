// Compiles the server into dist/server: one ES module bundle of our own code (every npm package
// stays an import, resolved from node_modules at run time) plus the SQL migrations it applies at
// start-up. Production runs this output with plain `node`: no TypeScript loader, no Vite.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist/server");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "src/server/main.ts")],
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
});
cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
