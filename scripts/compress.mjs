// After `vite build`: writes .br and .gz beside each text asset once, so the server sends
// precompressed files (@fastify/static preCompressed) and never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../dist/client");
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt|map)$/;

function walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (TEXT.test(entry.name) && statSync(full).size > 512) {
      const body = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}
walk(dir);
// Marks the build as compressed (scripts/start.mjs checks it).
writeFileSync(path.join(dir, ".compressed"), new Date().toISOString());
