// The words on screen, checked like code: `npm run lint` runs this after Biome. Each rule is a
// phrase a reader must never see in the client's or the pay page's text (comments are skipped).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COPY_RULES = [
  {
    pattern: /\b(favourite|colour|personalis|organis|behaviour|centre[ds]?\b|cheque|licence)/i,
    why: "the app is written in US English",
  },
  { pattern: /no app to install/i, why: "the payer pays in a payment app they already use" },
  {
    pattern: /one tap[^.]*(Google Pay|Zelle)/i,
    why: "Google Pay and Zelle have no pay link in the US: never promise them one tap (issue 23)",
  },
  {
    pattern: /never your email or phone/i,
    why: "Zelle and Google Pay handles are an email or a phone number",
  },
];

const COMMENT = /^\s*(\/\/|\/\*|\*|\{\/\*)/;

/** Every line of `text` (comments aside) that breaks a rule, as "line: why". */
export function copyProblems(text) {
  return text
    .split("\n")
    .flatMap((line, index) =>
      COMMENT.test(line)
        ? []
        : COPY_RULES.filter((rule) => rule.pattern.test(line)).map(
            (rule) => `${index + 1}: ${line.trim()} (${rule.why})`,
          ),
    );
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  const problems = ["src/client", "src/shared"].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      copyProblems(readFileSync(file, "utf8")).map((p) => `${path.relative(root, file)}:${p}`),
    ),
  );
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`copy-lint: ${problems.length} problem(s)`);
    process.exit(1);
  }
}
