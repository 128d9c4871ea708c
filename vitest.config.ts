import { lingui } from "@lingui/vite-plugin";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// The runs are in UTC unless a project says otherwise (the workers inherit this variable).
process.env.TZ = "UTC";

const node: TestProjectInlineConfiguration = {
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
};

// Component tests (React in a DOM): only the *.test.tsx files get one.
const dom: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "dom",
    include: ["src/**/*.test.tsx"],
    // The files of a worker share its loaded modules (React, the app's query client) instead of
    // loading them again each: 61 s → 17 s for the two component projects. What a test leaves
    // behind is undone after each test (test/dom-setup.ts; stubbed globals by vitest).
    isolate: false,
    unstubGlobals: true,
    environment: "happy-dom",
    // msw answers every fetch (src/client/test/msw.ts); the page's address only resolves
    // relative URLs, and nothing listens there, should anything ever get past msw.
    environmentOptions: { happyDOM: { url: "http://127.0.0.1:9/" } },
    setupFiles: ["src/client/test/dom-setup.ts"],
  },
};

/**
 * The pure tests (client and shared code, no database) again in the zone furthest ahead of UTC,
 * so a date that is only right in UTC fails here. In the same run as the rest rather than a run
 * of its own (35 s that way, most of it vitest's start and the component environment's imports).
 * Vitest starts each project's workers with the project's `env` and keeps them to that project.
 */
function inUtcPlus14(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration {
  const test = project.test ?? {};
  return {
    ...project,
    test: {
      ...test,
      name: `${test.name} UTC+14`,
      // The layering test reads imports and runs the linter and type checker: no dates (4 s).
      exclude: [...configDefaults.exclude, "src/server/**", "scripts/**", "src/shared/layering.test.ts"],
      globalSetup: [],
      env: { TZ: "Pacific/Kiritimati" },
      setupFiles: ["tests/time-zone.ts", ...[test.setupFiles ?? []].flat()],
    },
  };
}

export default defineConfig({
  // The languages' PO catalogs, compiled as they are imported (lingui.config.ts).
  plugins: [lingui({ failOnCompileError: true })],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [node, dom, inUtcPlus14(node), inUtcPlus14(dom)],
  },
});
