// The embedded start-up's floor: Node, PGlite opening the app's data folder, and a bare node:http
// server whose /readyz asks it `SELECT 1`, as the app's does. What is left of the app's own start
// is the app (its modules, its migrations check, its routes), measured in the same run.
import http from "node:http";
import module from "node:module";
import path from "node:path";

// As scripts/start.mjs does: V8's compile cache for what is imported next.
module.enableCompileCache?.();
const { PGlite } = await import("@electric-sql/pglite");
const db = await PGlite.create({ dataDir: path.resolve(process.env.DATA_DIR ?? ".", "pglite") });
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
