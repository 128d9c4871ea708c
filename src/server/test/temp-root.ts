import { mkdtempSync, rmSync, statfsSync } from "node:fs";
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
  const dir = shared ?? mkdtempSync(path.join(tempBase(), "collect-test-"));
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

/**
 * Where the run's folder goes: a memory-backed /dev/shm when it has room, else the system's
 * temporary folder (or TMPDIR, when the run sets it). Each PGlite test database is a 40 MB,
 * 1,100-file copy of the template (harness.ts freshDatabase), copied in ~70 ms and removed in
 * ~15 against ~500 and ~300 on the 2-core machine's disk; the run holds ~200 MB there at its peak.
 * A container's default /dev/shm (64 MB) is too small and is passed over.
 */
function tempBase(): string {
  if (process.env.TMPDIR || process.platform !== "linux") return os.tmpdir();
  try {
    const { bavail, bsize } = statfsSync(SHM);
    if (bavail * bsize >= 2 * 1024 ** 3) return SHM;
  } catch {
    // No /dev/shm here.
  }
  return os.tmpdir();
}

const SHM = "/dev/shm";
const SHARED = "COLLECT_TEST_RUN_TMP";
const USERS = "COLLECT_TEST_RUN_USERS";

export default function setup() {
  return runTempRoot().remove;
}
