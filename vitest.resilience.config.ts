import { defineConfig } from "vitest/config";

/** `npm run test:resilience`: real server processes killed, stopped and cut off from PostgreSQL. */
export default defineConfig({
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
