import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: a second server on the same folder would corrupt it, so the folder
 * carries a lock file naming its owner. A pid alone is not enough: after a crash, a container
 * restart hands the new process the very pid in the file (often 1), and the lock would refuse
 * every start forever. The owner is therefore the pid together with the process's start time
 * (Linux /proc), and a lock is stale when its pid is ours, is gone, or now belongs to a process
 * that started at another time.
 */
export type LockOwner = { pid: number; started: string | null };

export class DataDirInUseError extends Error {}

/** The start time of a live process, in clock ticks since boot; null where /proc is unavailable. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2 (the command) is in parentheses and may hold spaces: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner> | number;
    // Earlier versions wrote the bare pid.
    if (typeof owner === "number") return { pid: owner, started: null };
    return typeof owner.pid === "number" ? { pid: owner.pid, started: owner.started ?? null } : null;
  } catch {
    return null;
  }
}

/** Whether the process named in a lock file still holds it. */
export function ownerIsLive(owner: LockOwner, self = process.pid): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || owner.pid === self) return false;
  if (!isAlive(owner.pid)) return false;
  const started = processStartTime(owner.pid);
  if (started === null) return true; // No /proc: trust the pid, as before.
  if (owner.started !== null) return owner.started === started;
  // A bare-pid lock from an earlier version: live only if that pid is a Node process.
  try {
    return /node/.test(readFileSync(`/proc/${owner.pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

/** Locks this process holds: a lock file with our own pid is stale unless it is one of these. */
const held = new Set<string>();

/** Takes the lock or throws DataDirInUseError; returns its release. */
export function takeDataDirLock(lockPath: string): () => void {
  const me: LockOwner = { pid: process.pid, started: processStartTime(process.pid) };
  const inUse = (pid: number) =>
    new DataDirInUseError(
      `The data folder ${path.dirname(lockPath)} is in use by another Collect process (pid ${pid}). Stop it, or set DATA_DIR to another folder.`,
    );
  if (held.has(lockPath)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      held.add(lockPath);
      return () => {
        held.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = parseOwner(readFileSync(lockPath, "utf8"));
      if (owner && ownerIsLive(owner)) throw inUse(owner.pid);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
