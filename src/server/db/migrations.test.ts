import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const migrations = path.join(root, "src/server/db/migrations");
// drizzle-kit reads `out` relative to the working folder, so the copy lives inside the checkout.
const scratch = mkdtempSync(path.join(root, "node_modules/.migration-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("every migration has its snapshot, and generating on the unchanged schema writes nothing", async () => {
  const sql = readdirSync(migrations).filter((f) => f.endsWith(".sql"));
  const snapshots = readdirSync(path.join(migrations, "meta")).filter((f) => f.endsWith("_snapshot.json"));
  expect(snapshots.map((f) => f.slice(0, 4))).toEqual(sql.map((f) => f.slice(0, 4)));

  // On a copy: a drifted schema must fail this test, not write a migration into the checkout.
  cpSync(migrations, scratch, { recursive: true });
  const { stdout } = await promisify(execFile)(
    path.join(root, "node_modules/.bin/drizzle-kit"),
    [
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./src/server/db/schema.ts",
      "--out",
      path.relative(root, scratch),
    ],
    { cwd: root },
  );
  expect(readdirSync(scratch).filter((f) => f.endsWith(".sql"))).toEqual(sql);
  expect(stdout).toContain("No schema changes");
});
