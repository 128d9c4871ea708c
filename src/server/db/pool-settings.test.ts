import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/env.ts";
import { itWith } from "#server/test/harness.ts";
import { configuredDatabase, openDatabase } from "./client";

const url = process.env.TEST_DATABASE_URL;

describe("PostgreSQL pool settings", () => {
  it("reads the pool size and statement timeout from the configuration", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://db/collect", DATABASE_POOL_SIZE: "24" });
    expect(configuredDatabase(config)).toEqual({
      kind: "postgres",
      url: "postgres://db/collect",
      poolSize: 24,
      statementTimeoutMs: 10_000,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  // There was no statement_timeout: a runaway query held its connection (one of 10) for ever.
  itWith(
    "TEST_DATABASE_URL",
    "cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS",
    async () => {
      const database = await openDatabase({ kind: "postgres", url: url as string, statementTimeoutMs: 200 });
      try {
        const started = Date.now();
        const error = await database.db
          .execute(sql`SELECT pg_sleep(5)`)
          .catch((e: { cause?: { code?: string } }) => e);
        // 57014: query_canceled, by the statement timeout.
        expect((error as { cause?: { code?: string } }).cause?.code).toBe("57014");
        expect(Date.now() - started).toBeLessThan(4_000);
        await database.ping();
      } finally {
        await database.close();
      }
    },
  );
});
