// The UTC+14 pass's check (vitest.config.ts): its workers really run in the zone furthest ahead
// of UTC, or the pass would prove nothing. (A TZ assigned inside a worker does not take: vitest's
// process.env there is its own object. The project's `env` starts the worker with it.)
if (new Date("2026-01-01T00:00:00Z").getTimezoneOffset() !== -14 * 60) {
  throw new Error(`The UTC+14 pass runs in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
}
