import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { DataDirInUseError, ownerIsLive, processStartTime, takeDataDirLock } from "./data-dir-lock";

const lockFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), "collect-lock-")), "collect.lock");

it("names the owner by pid and start time, and releases on close", () => {
  const file = lockFile();
  const release = takeDataDirLock(file);
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
    pid: process.pid,
    started: processStartTime(process.pid),
  });
  expect(() => takeDataDirLock(file)).toThrow(DataDirInUseError);
  release();
  expect(existsSync(file)).toBe(false);
});

it("treats a pid that now belongs to another process (other start time) as stale", () => {
  expect(ownerIsLive({ pid: 1, started: "not-its-start-time" })).toBe(false);
  expect(ownerIsLive({ pid: process.pid, started: processStartTime(process.pid) })).toBe(false);
  expect(ownerIsLive({ pid: 999_999_999, started: null })).toBe(false);
  const file = lockFile();
  writeFileSync(file, JSON.stringify({ pid: 1, started: "not-its-start-time" }));
  takeDataDirLock(file)();
});

it("starts over a lock naming its own pid or pid 1, left by an earlier life of the container", () => {
  for (const stale of [String(process.pid), JSON.stringify({ pid: process.pid, started: "1" }), "1"]) {
    const file = lockFile();
    writeFileSync(file, stale);
    takeDataDirLock(file)();
  }
});

it("refuses while another live process holds the lock", async () => {
  const file = lockFile();
  const script = `const fs=require("fs");const s=fs.readFileSync("/proc/self/stat","utf8");
    fs.writeFileSync(${JSON.stringify(file)},JSON.stringify({pid:process.pid,started:s.slice(s.lastIndexOf(")")+2).split(" ")[19]}));
    console.log("locked");setTimeout(()=>{},30000);`;
  const child = spawn(process.execPath, ["-e", script]);
  try {
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    expect(() => takeDataDirLock(file)).toThrow(/in use by another Collect process \(pid \d+\)/);
  } finally {
    child.kill("SIGKILL");
  }
});
