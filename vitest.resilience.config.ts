import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

/**
 * The longest files of the two-at-a-time group, longest first (CI of 2026-11-29: the scan 155 s,
 * the kills 125 s, the abuse limits 76 s, the fuzzing 68 s). On a fresh clone vitest knows no
 * durations and starts the largest files first, so the small scan file started last and ran
 * alone for minutes at the end.
 */
const LONGEST = [
  "tests/resilience/security-scan.test.ts",
  "tests/resilience/kill.test.ts",
  "tests/resilience/abuse-limits.test.ts",
  "src/server/test/fuzz.test.ts",
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? LONGEST.length : at;
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Stable: within a group, the known long files first, then vitest's own order.
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

const common = {
  // Migrated templates (and the run's temp folder), for the tests' databases.
  globalSetup: ["src/server/test/global-setup.ts"],
  testTimeout: 600_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
};

export default defineConfig({
  // The languages' PO catalogs, compiled as they are imported (lingui.config.ts).
  plugins: [lingui({ failOnCompileError: true })],
  test: {
    pool: "forks",
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The root's plugins (the catalogs' compiler) apply to each project only through this.
        extends: true,
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
        // The root's plugins (the catalogs' compiler) apply to each project only through this.
        extends: true,
        test: {
          ...common,
          name: "fuzz",
          include: ["src/server/test/fuzz.test.ts"],
          env: { FUZZ_RUNS: "5000" },
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The root's plugins (the catalogs' compiler) apply to each project only through this.
        extends: true,
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
