import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { freePort } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A scan with real tools: tests/security/scan.sh starts a server on loopback, signs a
 * user in, runs sqlmap on five signed-in endpoints and wapiti on the pages, and exits 1 on any
 * finding (see the verdict at its end). `.ci/run` installs both from Debian.
 */
it("sqlmap and wapiti find nothing on a running server", async () => {
  const port = await freePort();
  let output = "";
  const child = spawn("bash", ["tests/security/scan.sh"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SCAN_OUT: `tmp/scan-${port}` },
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  console.log(output.split("\n").slice(-6).join("\n"));
  expect(code, output).toBe(0);
  expect(output).toContain("scan: no findings");
});
