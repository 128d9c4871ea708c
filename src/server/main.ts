import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./env";

/** Starts the server; stops cleanly on SIGTERM/SIGINT (finish in-flight requests, close the database). */
async function main(): Promise<void> {
  const config = loadConfig();
  const clientDir = path.resolve("dist/client");
  if (existsSync(path.join(clientDir, "index.html"))) config.clientDir = clientDir;

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
