import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { paymentRequests } from "#server/db/schema.ts";
import { DEMO, seed } from "#server/seed/seed.ts";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

it("fills the embedded database with a demo account and requests in every status, once", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-seed-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  expect(await seed([])).toContain(DEMO.email);
  expect(await seed([])).toMatch(/exists already/);
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const rows = await database.db.select({ status: paymentRequests.status }).from(paymentRequests);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["pending", "paid", "cancelled"]));
  } finally {
    await database.close();
  }
  // A fresh PGlite data folder takes ~5 s to create and the seed opens it three times: on a
  // loaded 2-core machine that passed the default 30 s once.
}, 120_000);

it("refuses a DATABASE_URL without --force", async () => {
  process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
  await expect(seed([])).rejects.toThrow(/Refusing to seed/);
});
