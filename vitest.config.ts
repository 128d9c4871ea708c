import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "node", include: ["src/**/*.test.ts", "scripts/**/*.test.ts"] } },
      // Component tests (React in a DOM): only the *.test.tsx files get one.
      {
        extends: true,
        test: {
          name: "dom",
          include: ["src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["src/client/test/dom-setup.ts"],
        },
      },
    ],
  },
});
