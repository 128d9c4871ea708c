import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A vitest global setup: one temporary folder for the run, made the test workers' TMPDIR (they
 * inherit it), so every folder a test makes under os.tmpdir() is removed with it at the end.
 * Returns the folder and its removal.
 */
export function runTempRoot(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "collect-test-"));
  process.env.TMPDIR = dir;
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export default function setup() {
  return runTempRoot().remove;
}
