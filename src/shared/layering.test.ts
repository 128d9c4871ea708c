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

const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where an import lands: `#server/x.ts` is src/server/x.ts (package.json "imports"), `./x` is beside the file. */
const target = (file: string, specifier: string) =>
  specifier.startsWith("#")
    ? path.join(SRC, specifier.slice(1))
    : path.resolve(path.dirname(file), specifier);

/** Every import (relative or aliased) of the files under `from` that lands under one of `forbidden`. */
function crossings(from: string, forbidden: string[]): string[] {
  return sourceFiles(path.join(SRC, from)).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const specifiers = [
      ...text.matchAll(/\bfrom\s+["']([.#][^"']*)["']|\bimport\s*\(?\s*["']([.#][^"']*)["']/g),
    ];
    return (
      specifiers
        .map((m) => target(file, (m[1] ?? m[2]) as string))
        // Code only: the pay page wears the app's one stylesheet (shared/pay-page/pay-script.ts).
        .filter((landing) => !landing.endsWith(".css"))
        .filter((landing) => forbidden.some((dir) => landing.startsWith(path.join(SRC, dir) + path.sep)))
        .map((landing) => `${path.relative(SRC, file)} → ${path.relative(SRC, landing)}`)
    );
  });
}

/**
 * The room a file lives in: a folder (or a single file) directly under src/server or src/client,
 * except that each route folder, feature and screen is a room of its own.
 */
function roomOf(file: string): string {
  const [side, top, sub] = path.relative(SRC, file).split(path.sep);
  const split =
    (side === "server" && top === "routes") ||
    (side === "client" && (top === "features" || top === "screens"));
  if (split && sub && !/\.tsx?$/.test(sub)) return `${side}/${top}/${sub}`;
  return `${side}/${(top ?? "").replace(/\.tsx?$/, "")}`;
}

/** Every pair of rooms that import each other, with one import each way; `sources` is [file, text][]. */
function twoWayRooms(sources: [string, string][]): string[] {
  const imports = new Map<string, string>();
  for (const [file, text] of sources) {
    for (const m of text.matchAll(/\bfrom\s+["']([.#][^"']*)["']|\bimport\s*\(?\s*["']([.#][^"']*)["']/g)) {
      const landing = target(file, (m[1] ?? m[2]) as string);
      if (landing.endsWith(".css")) continue;
      const from = roomOf(file);
      const to = roomOf(landing);
      if (from !== to && !imports.has(`${from} → ${to}`))
        imports.set(`${from} → ${to}`, `${path.relative(SRC, file)} → ${path.relative(SRC, landing)}`);
    }
  }
  return [...imports.keys()].flatMap((edge) => {
    const [from, to] = edge.split(" → ");
    const back = imports.get(`${to} → ${from}`);
    return back && (from as string) < (to as string) ? [`${imports.get(edge)}, but ${back}`] : [];
  });
}

/** The app's own code, server and client (the test harness aside). */
const appSources = (): [string, string][] =>
  ["server", "client"]
    .flatMap((side) => sourceFiles(path.join(SRC, side)))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`))
    .map((file) => [file, readFileSync(file, "utf8")]);

describe("layers", () => {
  it("the server never imports client code", () => {
    expect(crossings("server", ["client"])).toEqual([]);
  });

  it("only app.ts opens a route folder", () => {
    for (const zone of ["server/plugins", "server/auth", "server/lib", "server/db"]) {
      expect(crossings(zone, ["server/routes"]), zone).toEqual([]);
    }
  });

  it("no two rooms import each other: each depends one way (docs/architecture.md)", () => {
    expect(twoWayRooms(appSources())).toEqual([]);
  });

  it("finds a two-way pair, rooms being top folders, route folders, features and screens", () => {
    const at = (file: string) => path.join(SRC, file);
    expect(
      twoWayRooms([
        [at("server/jobs/queue.ts"), 'import { db } from "#server/db/client.ts";'],
        [at("server/db/move.ts"), 'import { JOBS } from "../jobs/queue";'],
        [at("server/routes/pay/routes.ts"), 'import { x } from "./queries";'],
        [
          at("client/features/splits/api.ts"),
          'import { y } from "#client/features/payment-requests/keys.ts";',
        ],
        [at("client/features/payment-requests/list.tsx"), 'import { z } from "../splits/api";'],
      ]),
    ).toEqual([
      "server/db/move.ts → server/jobs/queue, but server/jobs/queue.ts → server/db/client.ts",
      "client/features/payment-requests/list.tsx → client/features/splits/api, but client/features/splits/api.ts → client/features/payment-requests/keys.ts",
    ]);
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

describe("the lint enforces the layers (biome.json), one glob per zone", () => {
  const found = lintFixtures({
    "src/server/routes/pay/crossing.ts": use("#server/routes/payees/queries.ts"),
    "src/server/routes/pay/climbing.ts": use("../payees/queries"),
    "src/server/routes/pay/own.ts": use("./queries"),
    "src/server/routes/pay/shared-data.ts": use("#server/db/shared-queries.ts"),
    "src/server/routes/pay/to-client.ts": use("#client/lib/api.ts"),
    "src/server/plugins/to-client.ts": use("../../client/lib/api"),
    "src/server/plugins/to-route.ts": use("#server/routes/pay/view-cache.ts"),
    "src/server/auth/to-route.ts": use("#server/routes/account/queries.ts"),
    "src/server/plugins/to-db.ts": use("#server/db/client.ts"),
    "src/client/screens/home/to-server.ts": use("#server/db/schema.ts"),
    "src/client/screens/home/to-screen.ts": use("#client/screens/archive/archive-page.tsx"),
    "src/client/screens/home/climbing.ts": use("../archive/archive-page"),
    "src/client/screens/home/to-app.ts": use("#client/app/routes.tsx"),
    "src/client/screens/home/to-feature.ts": use("#client/features/payment-requests/api.ts"),
    "src/client/features/payment-requests/to-screen.ts": use("#client/screens/home/recent-requests.tsx"),
    "src/client/features/payment-requests/to-lib.ts": use("#client/lib/api.ts"),
    "src/client/lib/to-feature.ts": use("#client/features/auth/user.ts"),
    "src/client/components/to-screen.ts": use("#client/screens/home/home-page.tsx"),
    "src/shared/to-server.ts": use("#server/db/schema.ts"),
    "src/shared/pay-page/to-client.ts": use("../../client/lib/api"),
  });

  it("fails a route folder that imports another, however the path is written; passes its own files and the data layer", () => {
    for (const probe of ["crossing.ts", "climbing.ts"]) {
      expect(found[`src/server/routes/pay/${probe}`], probe).toEqual([
        expect.stringContaining("A route folder does not import another"),
      ]);
    }
    expect(found["src/server/routes/pay/own.ts"]).toEqual([]);
    expect(found["src/server/routes/pay/shared-data.ts"]).toEqual([]);
  });

  it("fails a plugin or the auth home that opens a route folder, and passes one that imports the database layer", () => {
    for (const probe of ["plugins/to-route.ts", "auth/to-route.ts"]) {
      expect(found[`src/server/${probe}`], probe).toEqual([
        expect.stringContaining("Only app.ts opens a route folder"),
      ]);
    }
    expect(found["src/server/plugins/to-db.ts"]).toEqual([]);
  });

  it("fails server code importing the client, in route folders and elsewhere", () => {
    for (const probe of ["routes/pay/to-client.ts", "plugins/to-client.ts"]) {
      expect(found[`src/server/${probe}`], probe).toEqual([
        expect.stringContaining("Server code must not import client code"),
      ]);
    }
  });

  it("screens → features → components/lib: each zone refuses the zones above it", () => {
    for (const probe of ["to-screen.ts", "climbing.ts", "to-app.ts"]) {
      expect(found[`src/client/screens/home/${probe}`], probe).toEqual([
        expect.stringContaining("A screen's folder is opened only by the router"),
      ]);
    }
    expect(found["src/client/screens/home/to-feature.ts"]).toEqual([]);
    expect(found["src/client/features/payment-requests/to-screen.ts"]).toEqual([
      expect.stringContaining("A feature folder serves screens"),
    ]);
    expect(found["src/client/features/payment-requests/to-lib.ts"]).toEqual([]);
    for (const probe of ["lib/to-feature.ts", "components/to-screen.ts"]) {
      expect(found[`src/client/${probe}`], probe).toEqual([
        expect.stringContaining("components/ and lib/ are generic"),
      ]);
    }
  });

  it("fails client code importing the server, and shared code importing either", () => {
    expect(found["src/client/screens/home/to-server.ts"]).toEqual([
      expect.stringContaining("Client code must not import server code"),
    ]);
    expect(found["src/shared/to-server.ts"]).toEqual([expect.stringContaining("src/shared is isomorphic")]);
    expect(found["src/shared/pay-page/to-client.ts"]).toEqual([
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
    // TS2591: "Cannot find module 'node:fs'. Do you need to install type definitions for node?"
    // (TypeScript 5 said TS2307, "Cannot find module").
    expect(typeErrors("tsconfig.client.json", 'export { readFileSync } from "node:fs";\n')).toEqual([
      "TS2591",
    ]);
    expect(typeErrors("tsconfig.client.json", "export const title = () => document.title;\n")).toEqual([]);
  });
});
