import { readdirSync, readFileSync } from "node:fs";
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

  it("shared code imports neither client nor server code", () => {
    expect(crossings("shared", ["client", "server"])).toEqual([]);
  });
});
