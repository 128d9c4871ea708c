import { spawn } from "node:child_process";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { postgresUrlOf, startJobQueue } from "#server/queue/queue.ts";
import type {} from "#server/test/global-setup.ts";
import { databaseKinds, freshDatabase, pgliteDataDir, until } from "#server/test/harness.ts";

const quiet = { warn: () => {}, error: () => {} };

async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(databaseKinds)("stopping the job queue [%s]", (kind) => {
  it("stop() lets a running handler finish, and the job ends completed", async () => {
    const database = await freshDatabase(kind);
    try {
      const queue = await startJobQueue({
        db: database.db,
        kind,
        log: quiet,
        clock: createClock(),
        pollingIntervalSeconds: 0.5,
      });
      await queue.createQueue("slow");
      let started = false;
      let finished = false;
      await queue.work("slow", async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      });
      await queue.send("slow", {});
      await until(() => started);
      await queue.stop();
      expect(finished).toBe(true);
      const rows = await rowsOf<{ state: string }>(
        database,
        sql`SELECT state FROM pgboss.job WHERE name = 'slow'`,
      );
      expect(rows).toEqual([{ state: "completed" }]);
      if (kind === "postgres") {
        const open = await rowsOf<{ n: number }>(
          database,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'collect-jobs' AND datname = current_database()`,
        );
        expect(open[0]?.n).toBe(0);
      }
    } finally {
      await database.close();
    }
  });

  it("a process that stops its queue and closes its database ends by itself", async () => {
    const database = kind === "postgres" ? await freshDatabase(kind) : undefined;
    try {
      const source = kind === "pglite" ? pgliteDataDir() : database ? (postgresUrlOf(database.db) ?? "") : "";
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "fixtures/job-queue-exit.ts"), kind, source],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exit;
      clearTimeout(killer);
      expect(output).toContain("stopped");
      expect(code).toBe(0);
    } finally {
      await database?.close();
    }
  });
});
