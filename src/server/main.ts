import "#server/lib/node-version.ts";
import { existsSync } from "node:fs";
import path from "node:path";
import { configuredDatabase, openDatabase } from "#server/db/client.ts";
import { DataDirInUseError } from "#server/db/data-dir-lock.ts";
import { packageVersion } from "#server/lib/build-info.ts";
import { collectWhenQuiet } from "#server/lib/garbage-collection.ts";
import { stdoutDestination } from "#server/lib/log-destination.ts";
import { startWatchdog } from "#server/lib/watchdog.ts";
import { ConfigError, configurationWarnings, loadConfig, runtimeSummary, unknownSettings } from "./env";

/** package.json's version (lib/build-info.ts). */
const version = packageVersion;

/** Longest a shutdown may take after the drain: in-flight requests finish, the database closes, then we exit. */
const SHUTDOWN_MS = 10_000;

/** Starts the server; stops cleanly on SIGTERM/SIGINT (finish in-flight requests, close the database). */
async function main(): Promise<void> {
  const config = loadConfig();
  const clientDir = path.resolve("dist/client");
  if (existsSync(path.join(clientDir, "index.html"))) config.clientDir = clientDir;
  // OpenTelemetry loads only when configured, before the database and the app it traces
  // (docs/decisions/027-tracing.md).
  const tracing = config.tracing
    ? (await import("#server/lib/tracing.ts")).startTracing(config.tracing, version())
    : undefined;

  // The database opens (PostgreSQL connects and migrates; PGlite starts and migrates on a thread
  // of its own) while the app's modules load and, on PGlite, while the app is built: the two are
  // most of a start-up (docs/decisions/017-fast-start-up.md, 028-database-thread.md). The
  // server listens once both are done.
  const which = configuredDatabase(config);
  const opening = openDatabase({
    ...which,
    ...(which.kind === "pglite" ? { thread: true } : {}),
    tracing: tracing?.database,
  });
  opening.catch(() => {});
  const logs = stdoutDestination();
  const [{ buildApp }, database] = await Promise.all([import("./app"), opening]);
  let listened = () => {};
  const app = await Promise.all([
    buildApp(config, {
      database,
      logStream: logs.stream,
      version: version(),
      tracing: tracing?.fastify,
      jobQueueAfter: new Promise<void>((resolve) => {
        listened = resolve;
      }),
    }),
    database.opened,
  ]).then(
    ([app]) => app,
    async (error) => {
      await database.close();
      throw error;
    },
  );
  let closing = false;
  const exit = async (code: number) => {
    // The last spans go to the collector (bounded: a collector that is away holds no one up).
    await Promise.race([tracing?.shutdown(), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(
      () => {},
    );
    await logs.flush(1_000);
    process.exit(code);
  };
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, "shutting down");
    startWatchdog(config.shutdownDrainMs + SHUTDOWN_MS);
    // Serve on while the load balancer notices /readyz (plugins/drain.ts), then close.
    app.drain.start();
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    drained
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => exit(0),
        (error) => {
          app.log.error({ err: error }, "shutdown failed");
          return exit(1);
        },
      );
  };
  // The embedded database's thread gone (docs/decisions/028-database-thread.md): nothing can be
  // answered any more, so the process ends for its manager to start it again.
  void database.lost?.then((error) => {
    if (closing) return;
    closing = true;
    app.log.fatal({ err: error }, "the embedded database stopped: exiting to be started again");
    void exit(1);
  });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
  listened();
  // What a busy spell grew is handed back once it is over (docs/decisions/018-memory.md).
  collectWhenQuiet(app.activity);
  // Misspelt settings, then what the configuration allows but an operator must know (photos on
  // local disk beside a shared database, production without mail): one line each.
  for (const warning of [...unknownSettings(), ...configurationWarnings(config)]) app.log.warn(warning);
  app.log.info(runtimeSummary(config, version()), "Collect is running");
}

main().catch((error) => {
  // An operator's mistake is told in a line (each setting's problem, then any setting that looks
  // misspelt: a refused start never reaches the warnings below `listen`); anything else in full.
  if (error instanceof ConfigError) console.error([error.message, ...unknownSettings()].join("\n"));
  else if (error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
