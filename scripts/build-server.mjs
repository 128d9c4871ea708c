// Compiles the server into dist/server: our code and the pure-JavaScript packages it uses, bundled
// as ES modules (an entry, the app it imports once the database is opening, and chunks that
// `import()` loads when an optional feature is first used), plus the SQL migrations it applies at
// start-up. Production runs this output with plain `node`: no TypeScript loader, no Vite.
// One bundle instead of thousands of package files is most of what makes start-up fast
// (docs/decisions/017-fast-start-up.md). Packages with native binaries, WebAssembly or files they
// find next to their own code stay imports from node_modules.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { linguiCatalogs } from "./lingui-catalog.mjs";

const root = path.resolve(import.meta.dirname, "..");

const EXTERNAL = [
  "@node-rs/argon2",
  "@resvg/resvg-js",
  "sharp",
  // Starts its threads from a file of its own package.
  "piscina",
  "@electric-sql/pglite",
  "@fontsource/inter",
  // Read as files by receipts and statements (src/server/pdf/fonts.ts).
  "@fontsource/noto-sans-arabic",
  "@fontsource/noto-sans-devanagari",
  // The card worker reads emoji SVGs from its folder (routes/pay/card-emoji.ts).
  "@twemoji/svg",
  "pg-native",
];

/** Builds into `outdir`; returns esbuild's metafile (which inputs went into which output). */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    // The card pool's threads load card-worker.js from beside the chunks (routes/pay/card-pool.ts).
    entryPoints: {
      main: path.join(root, "src/server/main.ts"),
      "card-worker": path.join(root, "src/server/routes/pay/card-worker.ts"),
      // The embedded database's thread (src/server/db/pglite-thread.ts).
      "pglite-worker": path.join(root, "src/server/db/pglite-worker.ts"),
      // `npm run db:move-to-postgres` (src/server/move/move-to-postgres.ts).
      "move-to-postgres": path.join(root, "src/server/move/move-to-postgres.ts"),
      // `npm run mail:retry` (src/server/mail/mail-retry.ts).
      "mail-retry": path.join(root, "src/server/mail/mail-retry.ts"),
    },
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
    // Maps for stack traces only (read with NODE_OPTIONS=--enable-source-maps): without the
    // sources' text, 28 → 8.4 MB (docs/decisions/026-lean-install.md).
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    // The languages' PO catalogs, compiled as they are imported (src/shared/i18n/i18n-for.ts).
    plugins: [linguiCatalogs()],
    logLevel: "warning",
  });
  for (const file of Object.keys(result.metafile.outputs)) {
    if (file.endsWith(".js")) asciiOnly(path.resolve(file));
  }
  cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  return result.metafile;
}

/**
 * V8 keeps each module's source text for as long as the process runs, one byte a character when
 * every character is Latin-1 and two otherwise: one "§" in a comment doubled the app chunk's 4.4 MB
 * (docs/decisions/018-memory.md). esbuild escapes non-ASCII in code (its `charset` is ASCII) but
 * keeps comments as written, so each non-ASCII character left in a comment becomes "?" (one
 * UTF-16 unit each, so the source map's columns still hold). One outside a comment stops the build.
 */
function asciiOnly(file) {
  const text = readFileSync(file, "utf8");
  if (!/[\u0080-\uffff]/.test(text)) return;
  const lines = text.split("\n").map((line, i) => {
    if (!/[\u0080-\uffff]/.test(line)) return line;
    const at = line.search(/[\u0080-\uffff]/);
    const before = line.slice(0, at);
    if (!/^\s*(\*|\/\*|\/\/|\(\*!)/.test(line) && !/\/\/|\/\*/.test(before)) {
      throw new Error(`${file}:${i + 1}: a non-ASCII character outside a comment: ${line.slice(0, 200)}`);
    }
    return line.replace(/[\u0080-\uffff]/g, "?");
  });
  writeFileSync(file, lines.join("\n"));
}

// Run as a script (`npm run build`), not imported (the build test).
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
