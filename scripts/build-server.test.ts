import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, expect, it } from "vitest";
import { buildServer } from "./build-server.mjs";

const outdir = mkdtempSync(path.join(os.tmpdir(), "collect-build-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
let built: Promise<Metafile> | undefined;
/** One build for the whole file (it takes seconds). */
const build = () => {
  built ??= buildServer(outdir);
  return built;
};

/** The outputs a start-up evaluates: the entry, the app it imports, and what they import statically. */
function loadedAtStart(meta: Metafile): Set<string> {
  // (Every `import()` target is an entry point too; the server's own is main.ts.)
  const entry = Object.keys(meta.outputs).find((o) => meta.outputs[o]?.entryPoint === "src/server/main.ts");
  const app = Object.keys(meta.outputs).find((o) =>
    Object.keys(meta.outputs[o]?.inputs ?? {}).includes("src/server/app.ts"),
  );
  const loaded = new Set<string>();
  const visit = (output: string | undefined) => {
    if (!output || loaded.has(output)) return;
    loaded.add(output);
    for (const i of meta.outputs[output]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  visit(entry);
  visit(app);
  expect(entry && app).toBeTruthy();
  return loaded;
}

const packagesIn = (meta: Metafile, outputs: Set<string>) =>
  new Set(
    [...outputs].flatMap((o) =>
      Object.keys(meta.outputs[o]?.inputs ?? {}).map((i) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(i)?.[1]),
    ),
  );

// Start-up loads what every request needs, and the embedded database's driver; packages only some
// configurations or some requests use load when first used (docs/decisions/017-fast-start-up.md).
it("bundles the server so that optional packages are not loaded at start-up", async () => {
  const meta = await build();
  const atStart = packagesIn(meta, loadedAtStart(meta));
  for (const used of ["fastify", "better-auth", "drizzle-orm", "zod"]) expect(atStart).toContain(used);
  for (const optional of [
    "@aws-sdk/client-s3",
    "nodemailer",
    "prom-client",
    "ioredis",
    "satori",
    "@simplewebauthn/server",
    "@zxcvbn-ts/language-common",
    "pg",
    // OpenTelemetry: only with OTEL_EXPORTER_OTLP_ENDPOINT (docs/decisions/027-tracing.md).
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/api",
    "@fastify/otel",
  ]) {
    expect(atStart).not.toContain(optional);
  }
  // Packages left to node_modules (native, or starting threads from their own files) likewise:
  // sharp alone took ~170 ms to load.
  const externalAtStart = new Set(
    [...loadedAtStart(meta)].flatMap((o) =>
      (meta.outputs[o]?.imports ?? [])
        .filter((i) => i.external && i.kind === "import-statement")
        .map((i) => i.path),
    ),
  );
  for (const optional of ["sharp", "piscina"]) expect(externalAtStart).not.toContain(optional);
  // Each of them is still in the build, in a chunk of its own that `import()` loads.
  const everything = packagesIn(meta, new Set(Object.keys(meta.outputs)));
  for (const optional of [
    "@aws-sdk/client-s3",
    "nodemailer",
    "prom-client",
    "ioredis",
    "satori",
    "pg",
    "@opentelemetry/sdk-trace-node",
    "@fastify/otel",
  ]) {
    expect(everything).toContain(optional);
  }
}, 120_000);

// V8 holds a module's source two bytes a character as soon as one character is outside Latin-1
// (docs/decisions/018-memory.md): every output the server loads is ASCII.
it("writes every server module in ASCII", async () => {
  const meta = await build();
  const scripts = Object.keys(meta.outputs).filter((o) => o.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(5);
  for (const output of scripts) {
    const text = readFileSync(output, "utf8");
    expect({ output, nonAscii: text.match(/[\u0080-\uffff]/g) ?? [] }).toEqual({ output, nonAscii: [] });
  }
}, 120_000);

// A production install (`npm install --omit=dev`) holds what the compiled server loads from
// node_modules and nothing else (docs/decisions/026-lean-install.md): every other package is
// bundled into dist/ or used only to build and test, so it is a devDependency. A dependency left
// behind here would bring its own tree (better-auth's optional peers brought vite, vitest and tsx).
it("lists as dependencies exactly the packages the compiled server loads from node_modules", async () => {
  const meta = await build();
  const builtin = (name: string) =>
    name.startsWith("node:") || builtinModules.includes(name.split("/")[0] ?? "");
  const packageOf = (name: string) =>
    name
      .split("/")
      .slice(0, name.startsWith("@") ? 2 : 1)
      .join("/");
  const loaded = new Set(
    Object.values(meta.outputs).flatMap((output) =>
      output.imports.filter((i) => i.external && !builtin(i.path)).map((i) => packageOf(i.path)),
    ),
  );
  // pg's optional native driver: pg tries it only when asked to, and it is never installed.
  loaded.delete("pg-native");
  // The link-preview card reads Inter's font files and Twemoji's SVGs from node_modules
  // (routes/pay/card.tsx, card-emoji.ts).
  loaded.add("@fontsource/inter");
  // Receipts and statements read Noto's Arabic and Devanagari faces the same way (server/pdf/fonts.ts).
  loaded.add("@fontsource/noto-sans-arabic");
  loaded.add("@fontsource/noto-sans-devanagari");
  loaded.add("@twemoji/svg");
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  expect([...loaded].sort()).toEqual(Object.keys(pkg.dependencies).sort());
}, 120_000);
