import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTransport } from "nodemailer";
import { expect, it } from "vitest";
import { readMailDir, startMailServer } from "./mail-server";

/**
 * The e2e workers read the global setup's mail folder from other processes while it writes. A CI
 * run read a message half-written ("Unexpected end of JSON input" in trust-edges.spec.ts): a file
 * is there, empty, between its creation and its write. Each message now appears whole or not at all.
 */
/** Each half a megabyte: the old write showed a reader an empty file within the first few. */
const MESSAGES = 12;

it("a reader in another process never sees a message half-written", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "collect-mail-dir-"));
  const mail = await startMailServer({ dir });
  // Reads each new message file as readMailDir does, as soon as it is listed, until told to stop.
  const reader = spawn(
    process.execPath,
    [
      "-e",
      `const fs = require("node:fs"), path = require("node:path");
       const seen = new Set();
       let reads = 0, broken = 0, stop = false;
       process.stdin.on("data", () => (stop = true));
       (function loop() {
         for (const name of fs.readdirSync(process.argv[1]).filter((n) => n.endsWith(".json") && !seen.has(n))) {
           reads++;
           try { JSON.parse(fs.readFileSync(path.join(process.argv[1], name), "utf8")); seen.add(name); } catch { broken++; }
         }
         if (stop) { console.log(JSON.stringify({ reads, broken })); process.exit(0); }
         setImmediate(loop);
       })();`,
      dir,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  let out = "";
  reader.stdout?.on("data", (chunk) => (out += chunk));
  const exited = new Promise((resolve) => reader.once("exit", resolve));
  const transport = createTransport({ url: mail.url } as never);
  const body = "x".repeat(512 * 1024);
  try {
    for (let i = 0; i < MESSAGES; i++) {
      await transport.sendMail({
        from: "a@example.com",
        to: `b${i}@example.com`,
        subject: `n${i}`,
        text: body,
      });
    }
  } finally {
    reader.stdin?.write("stop\n");
    await exited;
    transport.close();
    await mail.close();
  }
  const { reads, broken } = JSON.parse(out) as { reads: number; broken: number };
  expect(reads).toBeGreaterThanOrEqual(MESSAGES);
  expect(broken).toBe(0);
  expect(readMailDir(dir).map((m) => m.subject)).toEqual(Array.from({ length: MESSAGES }, (_, i) => `n${i}`));
}, 60_000);
