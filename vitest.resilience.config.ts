import { defineConfig } from "vitest/config";

/**
 * `npm run test:resilience`: real server processes killed, stopped and cut off from PostgreSQL;
 * and the API fuzzing at ten times `npm test`'s cases.
 */
export default defineConfig({
  test: {
    pool: "forks",
    // One file at a time: the resilience tests time real processes, and the fuzzing would skew them.
    fileParallelism: false,
    maxWorkers: 1,
    projects: [
      {
        test: {
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          // Migrated templates (and the run's temp folder), for the job-queue process tests' databases.
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "fuzz",
          include: ["src/server/test/fuzz.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          env: { FUZZ_RUNS: "10000" },
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
});
