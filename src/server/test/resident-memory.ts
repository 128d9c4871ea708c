import { readFileSync } from "node:fs";

/** A process's resident memory (VmRSS) in MB, read from /proc (Linux): this one, or `pid`. */
export function residentMb(pid: number | "self" = "self"): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? Number.NaN) / 1024;
}
