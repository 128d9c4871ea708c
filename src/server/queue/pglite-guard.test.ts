import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "#server/db/pglite-thread.ts";
import { guardBlocks } from "./queue";

// pg-boss's PGlite adapter over PGlite in the process (tests) and on its thread (the server).
describe.each([
  { where: "in the process", open: () => PGlite.create() },
  { where: "on its thread", open: async () => (await PgliteThread.open()) as unknown as PGlite },
])("pg-boss's blocks on PGlite $where", ({ open }) => {
  let client: PGlite;
  beforeAll(async () => {
    client = await open();
  }, 30_000);
  afterAll(async () => {
    await client.close();
  });

  const FAILING_BLOCK = "BEGIN;\n SET LOCAL lock_timeout = 30000;\n SELECT 1/0;\n COMMIT;\n";

  it("unguarded, a failed BEGIN…COMMIT text from pg-boss makes a query queued behind it fail", async () => {
    const adapter = fromPglite(client);
    const [block, app] = await Promise.allSettled([
      adapter.executeSql(FAILING_BLOCK),
      client.query("SELECT 1 AS one"),
    ]);
    expect(block.status).toBe("rejected");
    expect(app.status === "rejected" && String(app.reason.message)).toMatch(/current transaction is aborted/);
  });

  it("guarded, the block rolls back before the next query runs, and returns its rows", async () => {
    const adapter = guardBlocks(fromPglite(client), client);
    const [block, app] = await Promise.allSettled([
      adapter.executeSql(FAILING_BLOCK),
      client.query<{ one: number }>("SELECT 1 AS one"),
    ]);
    expect(block.status === "rejected" && String(block.reason.message)).toMatch(/division by zero/);
    expect(app.status === "fulfilled" && app.value.rows).toEqual([{ one: 1 }]);
    const ok = await adapter.executeSql("BEGIN;\n SELECT 7 AS seven;\n COMMIT;\n");
    expect(ok.rows).toEqual([{ seven: 7 }]);
    expect((await adapter.executeSql("SELECT $1::int AS n", [3])).rows).toEqual([{ n: 3 }]);
  });
});
