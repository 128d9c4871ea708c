// The embedded start-up's floor: Node, PGlite opening the app's data folder as the app starts it
// (db/pglite-options.ts), and a bare node:http server whose /readyz asks it `SELECT 1`, as the
// app's does. What is left of the app's own start is the app (its thread's start, its migrations
// check, what of its modules and routes does not overlap), measured in the same run.
import http from "node:http";
import module from "node:module";
import path from "node:path";

// As scripts/start.mjs does: V8's compile cache for what is imported next.
module.enableCompileCache?.();
const [{ PGlite }, { pgliteStartParams }] = await Promise.all([
  import("@electric-sql/pglite"),
  // Started as the app starts its PGlite (Node loads the TypeScript file itself).
  import("../../src/server/db/pglite-options.ts"),
]);
const db = await PGlite.create({
  dataDir: path.resolve(process.env.DATA_DIR ?? ".", "pglite"),
  startParams: pgliteStartParams(PGlite),
});
const server = http.createServer(async (_request, response) => {
  await db.query("SELECT 1");
  response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  response.end('{"status":"ready"}');
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  db.close().then(() => process.exit(0));
});
