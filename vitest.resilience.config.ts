import { defineConfig } from "vitest/config";

/**
 * `npm run test:resilience`: real server processes killed, stopped and cut off from PostgreSQL;
 * and the API fuzzing at ten times `npm test`'s cases.
 *
 * Two groups. First, two files at a time: the tests that wait (for kills to be taken over, for
 * better-auth's minute, for scanners) and hold no timing bound. Then, one file at a time, the
 * tests that time real processes under load, so no other test skews their figures, and the
 * production install, which builds dist/ again under the others' feet.
 */
const ALONE = [
  "tests/resilience/production-install.test.ts",
  "tests/resilience/sign-in-flood.test.ts",
  "tests/resilience/hostile-photo.test.ts",
  "tests/resilience/redis-outage.test.ts",
  "tests/resilience/sigterm.test.ts",
  "tests/resilience/connection-flood.test.ts",
  "tests/resilience/close-the-loop.test.ts",
  "tests/resilience/rolling-restart.test.ts",
];

const common = {
  // Migrated templates (and the run's temp folder), for the tests' databases.
  globalSetup: ["src/server/test/global-setup.ts"],
  testTimeout: 600_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    pool: "forks",
    projects: [
      {
        test: {
          ...common,
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: "fuzz",
          include: ["src/server/test/fuzz.test.ts"],
          env: { FUZZ_RUNS: "10000" },
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: "alone",
          include: ALONE,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
