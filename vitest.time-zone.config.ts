import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

// The pure tests (client and shared code, no database) again, in the time zone furthest ahead of
// UTC (UTC+14), so a date that is only right in the machine's own zone fails here (the first run,
// `npm run test:unit`, pins UTC). The test workers inherit this variable from the runner.
process.env.TZ = "Pacific/Kiritimati";

const exclude = [...configDefaults.exclude, "src/server/**", "scripts/**"];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // No database here, so none of the node project's global setup (a migrated PGlite and
    // PostgreSQL template) either.
    projects: base.test?.projects?.map((project) =>
      typeof project === "object" && "test" in project
        ? { ...project, test: { ...project.test, globalSetup: [], exclude } }
        : project,
    ),
  },
});
