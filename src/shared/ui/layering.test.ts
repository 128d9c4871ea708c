import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of the files under `from` that lands under one of `forbidden`. */
function crossings(from: string, forbidden: string[]): string[] {
  return sourceFiles(path.join(SRC, from)).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const specifiers = [...text.matchAll(/\bfrom\s+["'](\.[^"']*)["']|\bimport\s*\(?\s*["'](\.[^"']*)["']/g)];
    return specifiers
      .map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2]) as string))
      .filter((target) => forbidden.some((dir) => target.startsWith(path.join(SRC, dir) + path.sep)))
      .map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
  });
}

describe("layers", () => {
  it("the server never imports client code", () => {
    expect(crossings("server", ["client"])).toEqual([]);
  });

  it("plugins never import features", () => {
    expect(crossings("server/plugins", ["server/features"])).toEqual([]);
  });

  it("shared code imports neither client nor server code", () => {
    expect(crossings("shared", ["client", "server"])).toEqual([]);
  });
});

/**
 * Lints one-line fixture files with the repository's own biome.json (copied beside them, so its
 * path-based overrides apply) and answers each file's noRestrictedImports messages.
 */
function lintFixtures(files: Record<string, string>): Record<string, string[]> {
  const root = mkdtempSync(path.join(tmpdir(), "collect-layering-"));
  try {
    copyFileSync(path.join(SRC, "../biome.json"), path.join(root, "biome.json"));
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    }
    const biome = path.join(SRC, "../node_modules/.bin/biome");
    let out: string;
    try {
      out = execFileSync(biome, ["lint", "--reporter=json", "src"], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as {
      diagnostics: { category: string; message: string; location: { path: string } }[];
    };
    const found: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((f) => [f, []]));
    for (const d of report.diagnostics) {
      if (d.category === "lint/style/noRestrictedImports") found[d.location.path]?.push(d.message);
    }
    return found;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const use = (specifier: string) => `import { x } from "${specifier}";\n\nexport const y = x;\n`;

describe("the lint enforces the layers (biome.json)", () => {
  const found = lintFixtures({
    "src/server/features/pay-page/crossing.ts": use("../payees/queries"),
    "src/server/features/pay-page/through-root.ts": use("../../features/payees/queries"),
    "src/server/features/pay-page/own.ts": use("./queries"),
    "src/server/features/pay-page/shared-data.ts": use("../../db/shared-queries"),
    "src/server/features/pay-page/to-client.ts": use("../../../client/lib/api"),
    "src/server/plugins/to-client.ts": use("../../client/lib/api"),
    "src/server/plugins/to-feature.ts": use("../features/pay-page/view-cache"),
    "src/server/plugins/through-root.ts": use("../../server/features/events/hub"),
    "src/server/plugins/to-db.ts": use("../db/client"),
    "src/client/features/home/to-server.ts": use("../../../server/db/schema"),
    "src/client/features/home/to-screen.ts": use("../archive/archive-page"),
    "src/client/features/profile/security/to-screen.ts": use("../../auth/sign-in-errors"),
    "src/client/features/payment-requests/to-screen.ts": use("../home/recent-requests"),
    "src/client/features/home/to-domain.ts": use("../payment-requests/api"),
    "src/shared/to-server.ts": use("../server/db/schema"),
    "src/shared/ui/to-client.ts": use("../../client/lib/api"),
  });

  it("fails a feature that imports another feature, however the path is written", () => {
    expect(found["src/server/features/pay-page/crossing.ts"]).toEqual([
      expect.stringContaining("A feature does not import another feature"),
    ]);
    expect(found["src/server/features/pay-page/through-root.ts"]).toEqual([
      expect.stringContaining("A feature does not import another feature"),
    ]);
  });

  it("passes a feature's own files and the shared data module", () => {
    expect(found["src/server/features/pay-page/own.ts"]).toEqual([]);
    expect(found["src/server/features/pay-page/shared-data.ts"]).toEqual([]);
  });

  it("fails a plugin that imports a feature, and passes one that imports the database layer", () => {
    expect(found["src/server/plugins/to-feature.ts"]).toEqual([
      expect.stringContaining("A plugin does not import a feature"),
    ]);
    expect(found["src/server/plugins/through-root.ts"]).toEqual([
      expect.stringContaining("A plugin does not import a feature"),
    ]);
    expect(found["src/server/plugins/to-db.ts"]).toEqual([]);
  });

  it("fails server code importing the client, in features and elsewhere", () => {
    expect(found["src/server/features/pay-page/to-client.ts"]).toEqual([
      expect.stringContaining("Server code must not import client code"),
    ]);
    expect(found["src/server/plugins/to-client.ts"]).toEqual([
      expect.stringContaining("Server code must not import client code"),
    ]);
  });

  it("fails a client screen folder imported by another feature folder, and passes the domain folders", () => {
    for (const probe of [
      "home/to-screen.ts",
      "profile/security/to-screen.ts",
      "payment-requests/to-screen.ts",
    ]) {
      expect(found[`src/client/features/${probe}`], probe).toEqual([
        expect.stringContaining("A screen's folder is opened only by the router"),
      ]);
    }
    expect(found["src/client/features/home/to-domain.ts"]).toEqual([]);
  });

  it("fails client code importing the server, and shared code importing either", () => {
    expect(found["src/client/features/home/to-server.ts"]).toEqual([
      expect.stringContaining("Client code must not import server code"),
    ]);
    expect(found["src/shared/to-server.ts"]).toEqual([expect.stringContaining("src/shared is isomorphic")]);
    expect(found["src/shared/ui/to-client.ts"]).toEqual([
      expect.stringContaining("src/shared is isomorphic"),
    ]);
  });
});

/**
 * Type-checks one probe file under `config` narrowed to it; answers tsc's error codes. The probe
 * sits under node_modules/.cache so tsc finds the same type packages as the real check.
 */
function typeErrors(config: string, source: string): string[] {
  const cache = path.join(SRC, "../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(path.join(cache, "collect-tsconfig-"));
  try {
    writeFileSync(path.join(root, "probe.ts"), source);
    writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({
        extends: path.join(SRC, "..", config),
        // A probe, not a build: nothing written, no build info of the real project touched.
        compilerOptions: { composite: false, incremental: false, emitDeclarationOnly: false, noEmit: true },
        include: [],
        files: ["probe.ts"],
      }),
    );
    const tsc = path.join(SRC, "../node_modules/.bin/tsc");
    try {
      execFileSync(tsc, ["-p", root], { encoding: "utf8", stdio: "pipe" });
      return [];
    } catch (error) {
      return [...(error as { stdout: string }).stdout.matchAll(/error (TS\d+)/g)].map((m) => m[1] as string);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("the type check keeps each side to its platform", () => {
  it("server code has no DOM", () => {
    expect(typeErrors("tsconfig.server.json", "export const title = () => document.title;\n")).toEqual([
      "TS2584",
    ]);
    expect(typeErrors("tsconfig.server.json", 'export { readFileSync } from "node:fs";\n')).toEqual([]);
  });

  it("client code has no node: modules", () => {
    expect(typeErrors("tsconfig.client.json", 'export { readFileSync } from "node:fs";\n')).toEqual([
      "TS2307",
    ]);
    expect(typeErrors("tsconfig.client.json", "export const title = () => document.title;\n")).toEqual([]);
  });
});
