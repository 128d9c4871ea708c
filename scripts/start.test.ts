import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

import { npmStart } from "../tests/npm-start";

// With a heap limit of gigabytes V8 lets the old generation grow to 4× what is live before it
// collects (140 MB of garbage over a 40 MB live heap after a busy minute); under 2 GB the factor
// falls toward 1.3 (docs/decisions/018-memory.md). `npm start` must start Node with such a limit.
it("starts the server with a heap limit that keeps V8's growing factor small", () => {
  const { exec, command, flags, script } = npmStart();
  // The signal npm passes on reaches the server (tests/resilience/production-install.test.ts).
  expect(exec).toBe(true);
  expect(command).toBe("node");
  expect(script).toBe("scripts/start.mjs");
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
