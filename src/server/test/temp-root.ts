import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A vitest global setup: one temporary folder for the run, made the test workers' TMPDIR (they
 * inherit it), so every folder a test makes under os.tmpdir() is removed with it at the end.
 * Returns the folder and its removal.
 */
export function runTempRoot(): { dir: string; remove: () => void } {
  // Several projects of one run (the resilience suite's) share the folder: nested folders made
  // Chromium's socket path too long. It goes when the last of them is torn down.
  const shared = process.env[SHARED];
  const dir = shared ?? mkdtempSync(path.join(os.tmpdir(), "collect-test-"));
  process.env[SHARED] = dir;
  process.env.TMPDIR = dir;
  // Counted in the environment: each project may load this module afresh.
  const count = (change: number) => {
    const users = Number(process.env[USERS] ?? 0) + change;
    process.env[USERS] = String(users);
    return users;
  };
  count(1);
  return {
    dir,
    remove: () => {
      if (count(-1) > 0) return;
      rmSync(dir, { recursive: true, force: true });
      delete process.env[SHARED];
    },
  };
}

const SHARED = "COLLECT_TEST_RUN_TMP";
const USERS = "COLLECT_TEST_RUN_USERS";

export default function setup() {
  return runTempRoot().remove;
}
