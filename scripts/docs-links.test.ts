import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README, docs/ and the code's comments point at files, decision records and sections of
 * docs/product.md: every pointer must lead somewhere in this repository, so a fresh clone can
 * follow them (a renamed file or heading fails here, not in a reader's hands).
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const docs = ["README.md", ...filesUnder("docs", /\.md$/)];
const code = ["src", "tests", "scripts"]
  .flatMap((dir) => filesUnder(dir, /\.(ts|tsx|mjs|css|sh)$/))
  .filter((file) => file !== "scripts/docs-links.test.ts");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");
const anchors = new Set(
  read("docs/product.md")
    .split("\n")
    .flatMap((line) => /^#+ (.+)$/.exec(line)?.slice(1) ?? [])
    .map(slug),
);
const decisions = readdirSync(path.join(root, "docs/decisions"));

/** A path as the docs write it: from the repository, or from src/, src/server/ or a features folder. */
const BASES = ["", "src/", "src/server/", "src/client/", "src/server/features/", "src/client/features/"];
const exists = (file: string) => BASES.some((base) => existsSync(path.join(root, base, file)));

describe("pointers in the docs and comments", () => {
  it("every file a document names in backticks exists", () => {
    const missing = docs.flatMap((doc) =>
      [...read(doc).matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.(?:tsx?|mjs|json|md|sql|sh|css))`/g)]
        .map((match) => match[1] as string)
        .filter((file) => !exists(file))
        .map((file) => `${doc}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it("every docs/product.md#section and docs/decisions/NNN exists", () => {
    const broken = [...docs, ...code].flatMap((file) => {
      const text = read(file);
      const sections = [...text.matchAll(/docs\/product\.md#([\w-]+)/g)]
        .map((match) => match[1] as string)
        .filter((anchor) => !anchors.has(anchor));
      const records = [...text.matchAll(/docs\/decisions\/(\d{3}[\w-]*)/g)]
        .map((match) => match[1] as string)
        .filter((record) => !decisions.some((name) => name.startsWith(record)));
      return [...sections, ...records].map((pointer) => `${file}: ${pointer}`);
    });
    expect(broken).toEqual([]);
  });

  it("every file a comment names by its path from the repository exists", () => {
    const missing = code
      // The layering test names the probe files it writes and removes.
      .filter((file) => file !== "src/shared/ui/layering.test.ts")
      .flatMap((file) =>
        [
          ...read(file).matchAll(
            /(?<![\w./*-])((?:src|tests|scripts|docs)\/[\w./-]+\.(?:tsx?|mjs|md|sh|sql|css))/g,
          ),
        ]
          .map((match) => match[1] as string)
          .filter((named) => !existsSync(path.join(root, named)))
          .map((named) => `${file}: ${named}`),
      );
    expect(missing).toEqual([]);
  });

  it("no comment sends a reader outside the repository for the product's rules", () => {
    const outside = code.filter((file) => /shared\/spec|DESIGN\.md|spec §/.test(read(file)));
    expect(outside).toEqual([]);
  });
});
