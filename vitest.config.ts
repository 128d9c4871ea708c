import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          // Test files share their worker's loaded modules rather than each loading the whole app
          // again: 288 s → 148 s for this project on the 2-core machine. Every suite builds its own
          // app and database, so nothing a test sees lives in a module.
          isolate: false,
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
      // Component tests (React in a DOM): only the *.test.tsx files get one.
      {
        extends: true,
        test: {
          name: "dom",
          include: ["src/**/*.test.tsx"],
          environment: "happy-dom",
          // msw answers every fetch (src/client/test/msw.ts); the page's address only resolves
          // relative URLs, and nothing listens there, should anything ever get past msw.
          environmentOptions: { happyDOM: { url: "http://127.0.0.1:9/" } },
          setupFiles: ["src/client/test/dom-setup.ts"],
        },
      },
    ],
  },
});
