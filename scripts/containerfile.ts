/**
 * Reads the Containerfile: its build arguments and each stage's instructions (continuation lines
 * joined, comments dropped). The container checks (scripts/container.test.ts) and the production
 * install test, which runs the same install and command outside a container, both use it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type Instruction = { keyword: string; args: string };
export type Stage = { from: string; name?: string; instructions: Instruction[] };

export function containerStages(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", rest = ""] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === "FROM") {
      const [, from = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ from, name, instructions: [] });
    } else if (upper === "ARG" && stages.length === 0) {
      const [name = "", value = ""] = rest.split("=");
      args.set(name, value);
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${keyword} before FROM`);
      stage.instructions.push({ keyword: upper, args: rest.replace(/\s+/g, " ") });
    }
  }
  return { args, stages };
}

/** The repository's Containerfile. */
export function readContainerfile() {
  return containerStages(readFileSync(path.resolve(import.meta.dirname, "../Containerfile"), "utf8"));
}

/** Every argument string of `keyword` in `stage`, in order. */
export const all = (stage: Stage | undefined, keyword: string) =>
  (stage?.instructions ?? []).filter((i) => i.keyword === keyword).map((i) => i.args);

/** The last argument string of `keyword` in `stage` (the one that counts), or "". */
export const one = (stage: Stage | undefined, keyword: string) => all(stage, keyword).at(-1) ?? "";

/**
 * The `NAME=value` pairs of a stage's ENV instructions, a `${ARG}` in a value given the stage's
 * default for that build argument (as a build without `--build-arg` does).
 */
export const envOf = (stage: Stage | undefined): Record<string, string> => {
  const args = new Map(all(stage, "ARG").map((arg) => [arg.split("=")[0] ?? "", arg.split("=")[1] ?? ""]));
  return Object.fromEntries(
    all(stage, "ENV").flatMap((line) =>
      [...line.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)].map(([, name = "", value = ""]) => [
        name,
        value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, arg: string) => args.get(arg) ?? ""),
      ]),
    ),
  );
};
