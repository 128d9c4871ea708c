import { readFileSync } from "node:fs";

/** The process's soft limit on open files (Linux), or undefined where it cannot be read. */
export function openFileLimit(limitsFile = "/proc/self/limits"): number | undefined {
  try {
    const line = readFileSync(limitsFile, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.slice("Max open files".length).trim().split(/\s+/)[0]);
    return Number.isFinite(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}
