// Imported first by main.ts, so a process manager that runs `node dist/server/main.js` on an
// older Node gets one clear line, not a failure somewhere later (docs/decisions/020-pinned-runtime.md).
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(`Collect needs Node 24 or later, and this is Node ${process.versions.node}.`);
  process.exit(1);
}
