import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** British spellings a reader would notice on screen; the app is written in US English. */
const BRITISH = /\b(favourite|colour|personalis|organis|behaviour|centre[ds]?\b|cheque|licence)/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

describe("US spelling in the client's text", () => {
  it("has no British spelling outside comments", () => {
    const hits = sourceFiles(path.join(import.meta.dirname)).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\/\*|\*|\{\/\*)/.test(line) && BRITISH.test(line))
        .map((line) => `${path.basename(file)}: ${line.trim()}`),
    );
    expect(hits).toEqual([]);
  });
});
