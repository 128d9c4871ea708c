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
/** The anchors of a Markdown file's headings. */
const headings = (file: string) =>
  new Set(
    read(file)
      .split("\n")
      .flatMap((line) => /^#+ (.+)$/.exec(line)?.slice(1) ?? [])
      .map(slug),
  );
const anchors = headings("docs/product.md");
const decisions = readdirSync(path.join(root, "docs/decisions"));
/** The record a pointer names: `NNN`, `NNN-name` or `NNN-name.md` (a prefix of its file name). */
const recordFile = (pointer: string) =>
  decisions.find((name) => name.startsWith(pointer.replace(/\.md$/, "")));

/** A path as the docs write it: from the repository, or from src/, src/server/ or a features folder. */
const BASES = [
  "",
  "src/",
  "src/server/",
  "src/client/",
  "src/server/routes/",
  "src/client/screens/",
  "src/client/features/",
];
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
      // docs/decisions/NNN[-name[.md]][#section]: the record exists, and so does the heading.
      const records = [...text.matchAll(/docs\/decisions\/(\d{3}(?:[\w-]*\.md|[\w-]*))(?:#([\w-]+))?/g)]
        .filter(([, record = "", section]) => {
          const found = recordFile(record);
          return !found || (section !== undefined && !headings(`docs/decisions/${found}`).has(section));
        })
        .map((match) => match[0]);
      // "decision 004", "decision record 005", "decision records 007 and 009" in prose.
      const named = [...text.matchAll(/[Dd]ecision(?: records?)? (\d{3})(?: and (\d{3}))?/g)]
        .flatMap((match) => match.slice(1).filter((n): n is string => n !== undefined))
        .filter((n) => !recordFile(n));
      return [...sections, ...records, ...named].map((pointer) => `${file}: ${pointer}`);
    });
    expect(broken).toEqual([]);
  });

  it("every file a comment names by its path from the repository exists", () => {
    const missing = code
      // The layering test names the probe files it writes and removes.
      .filter((file) => file !== "src/shared/layering.test.ts")
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

  it("every Markdown link in the README and docs/ leads to a file, and a heading, that exists", () => {
    const broken = docs.flatMap((doc) =>
      [
        ...read(doc)
          .replace(/```[\s\S]*?```/g, "")
          .matchAll(/\]\(([^)\s]+)\)/g),
      ]
        .map((match) => match[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [file = "", anchor] = target.split("#");
          const linked = file ? path.join(path.dirname(doc), file) : doc;
          if (!existsSync(path.join(root, linked))) return true;
          return anchor !== undefined && linked.endsWith(".md") && !headings(linked).has(anchor);
        })
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("docs/README.md links every document under docs/ but the decision records (their own index)", () => {
    const index = read("docs/README.md");
    const unlisted = docs
      .filter(
        (doc) => doc.startsWith("docs/") && doc !== "docs/README.md" && !/^docs\/decisions\/\d{3}-/.test(doc),
      )
      .filter((doc) => !index.includes(`](${path.relative("docs", doc)})`));
    expect(unlisted).toEqual([]);
  });

  it("no comment sends a reader outside the repository for the product's rules", () => {
    const outside = code.filter((file) => /shared\/spec|DESIGN\.md|spec §/.test(read(file)));
    expect(outside).toEqual([]);
  });
});

/**
 * Each decision record says, right under its title, when it was taken and whether it still holds
 * (`accepted`, `accepted, amended by NNN (what)`, `accepted (amended …)` or `superseded by NNN`),
 * so a reader knows which parts a later record replaced; every record it names exists.
 */
describe("decision records", () => {
  const STATUS =
    /^- \*\*Status:\*\* (?:accepted(?:, amended by \d{3}\b.*| \(.+\))?|superseded by \d{3}\b.*)$/;
  const records = decisions.filter((name) => /^\d{3}-.+\.md$/.test(name));
  /** A real calendar day written YYYY-MM-DD. */
  const isDay = (day = "") => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(day)
    );
  };

  it("each has a Date and a Status under its title, naming only records that exist", () => {
    const wrong = records.flatMap((name) => {
      const text = read(`docs/decisions/${name}`);
      const lines = text.split("\n");
      const date = /^- \*\*Date:\*\* (\S+)$/.exec(lines[2] ?? "")?.[1];
      const status = lines[3] ?? "";
      const cited = [
        ...[...status.matchAll(/(?:by|and|amends) (\d{3})\b/g)],
        ...[...text.matchAll(/\(see (\d{3})\)/g)],
      ].map((match) => match[1] as string);
      return [
        ...(lines[0]?.startsWith(`# ${name.slice(0, 3)} — `) ? [] : ["title"]),
        ...(isDay(date) ? [] : ["Date line"]),
        ...(STATUS.test(status) ? [] : ["Status line"]),
        ...cited.filter((n) => !recordFile(n) || name.startsWith(n)).map((n) => `names ${n}`),
      ].map((problem) => `${name}: ${problem}`);
    });
    expect(wrong).toEqual([]);
  });

  it("are each a row of docs/decisions/README.md with their own title, status and date", () => {
    // Rows as their trimmed cells: the formatter pads a table's columns to one width.
    const rows = new Set(
      read("docs/decisions/README.md")
        .split("\n")
        .filter((line) => line.startsWith("|"))
        .map((line) =>
          line
            .slice(1, -1)
            .split(" | ")
            .map((cell) => cell.trim())
            .join(" | "),
        ),
    );
    const missing = records.filter((name) => {
      const [title = "", , date = "", status = ""] = read(`docs/decisions/${name}`).split("\n");
      const row = [
        name.slice(0, 3),
        `[${title.replace(/^# \d{3} — /, "")}](${name})`,
        status.replace("- **Status:** ", ""),
        date.replace("- **Date:** ", ""),
      ];
      return !rows.has(row.join(" | "));
    });
    expect(missing).toEqual([]);
  });
});
