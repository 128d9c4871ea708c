// Process-level: PGlite data folders made from scratch (~5 s each), kept out of `npm test`.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";

it("creates missing parent folders and refuses a second opener of the same data folder", async () => {
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "collect-db-")), "nested", "data");
  const first = await openDatabase({ kind: "pglite", dataDir });
  try {
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
      /in use by another Collect process/,
    );
    await first.ping();
  } finally {
    await first.close();
  }
  // Closed: the folder opens again, with the data kept.
  const again = await openDatabase({ kind: "pglite", dataDir });
  await again.ping();
  await again.close();
}, 60_000);

it("takes over a lock left by a process that was killed", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-db-"));
  writeFileSync(path.join(dataDir, "collect.lock"), "999999999");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.ping();
  await database.close();
}, 60_000);
