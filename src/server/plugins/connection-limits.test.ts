import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { EDGE_LIMITS } from "../edge-limits";
import { openFileLimit } from "../lib/open-file-limit";
import { tempDir } from "../test/harness";
import { connectionLimits } from "./connection-limits";

it("keeps the total below the open-file limit, so that limit never refuses a client", () => {
  const { perAddress, total, reservedFds } = EDGE_LIMITS.connections;
  expect(connectionLimits(undefined)).toEqual({ perAddress, total });
  expect(connectionLimits(1_000_000).total).toBe(total);
  expect(connectionLimits(1024).total).toBe(1024 - reservedFds);
});

it("reads the soft open-file limit from /proc/self/limits", () => {
  const file = path.join(tempDir("collect-limits-"), "limits");
  writeFileSync(
    file,
    "Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n",
  );
  expect(openFileLimit(file)).toBe(1024);
  expect(openFileLimit(path.join(file, "missing"))).toBeUndefined();
});
