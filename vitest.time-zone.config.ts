import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

// The pure tests (client and shared code, no database) again, in the time zone furthest ahead of
// UTC (UTC+14), so a date that is only right in the machine's own zone fails here. The test
// workers inherit this variable from the runner.
process.env.TZ = "Pacific/Kiritimati";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    exclude: [...configDefaults.exclude, "src/server/**", "scripts/**"],
  },
});
