// Compiles the server into dist/server: our code and the pure-JavaScript packages it uses, bundled
// as ES modules (an entry, the app it imports once the database is opening, and chunks that
// `import()` loads when an optional feature is first used), plus the SQL migrations it applies at
// start-up. Production runs this output with plain `node`: no TypeScript loader, no Vite.
// One bundle instead of thousands of package files is most of what makes start-up fast
// (docs/decisions/017-fast-start-up.md). Packages with native binaries, WebAssembly or files they
// find next to their own code stay imports from node_modules.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

const EXTERNAL = [
  "@node-rs/argon2",
  "@resvg/resvg-js",
  "@electric-sql/pglite",
  "@fontsource/inter",
  "pg-native",
];

/** Builds into `outdir`; returns esbuild's metafile (which inputs went into which output). */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outdir,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node24",
    external: EXTERNAL,
    // Bundled CommonJS packages call `require` for Node's own modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    jsx: "automatic",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  return result.metafile;
}

// Run as a script (`npm run build`), not imported (the build test).
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
