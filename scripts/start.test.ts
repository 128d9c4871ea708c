import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

// With a heap limit of gigabytes V8 lets the old generation grow to 4× what is live before it
// collects (140 MB of garbage over a 40 MB live heap after a busy minute); under 2 GB the factor
// falls toward 1.3 (docs/decisions/018-memory.md). `npm start` must start Node with such a limit.
it("starts the server with a heap limit that keeps V8's growing factor small", () => {
  const start = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start;
  const [command, ...rest] = start.split(/\s+/);
  expect(command).toBe("node");
  expect(rest.at(-1)).toBe("scripts/start.mjs");
  const flags = rest.slice(0, -1);
  const limitMb = Number(
    execFileSync(
      process.execPath,
      [...flags, "-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 1048576)"],
      { encoding: "utf8" },
    ),
  );
  expect(limitMb).toBeGreaterThan(256);
  expect(limitMb).toBeLessThanOrEqual(640);
});
