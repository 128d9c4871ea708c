// The embedded database's own thread (pglite-thread.ts is the other side): PGlite's PostgreSQL
// runs here, so its start and every statement it executes leave the server's event loop free.
// A separate entry of the build (scripts/build-server.mjs): dist/server/pglite-worker.js. From the
// sources Node runs this file itself (it imports packages, Node and pglite-options.ts, all of
// which Node's own TypeScript support can load).
// docs/decisions/028-database-thread.md.
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { pgliteStartParams } from "./pglite-options.ts";
import type { Call, Reply } from "./pglite-thread.ts";

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread (pglite-thread.ts)");
const { dataDir, migrationsFolder } = workerData as { dataDir?: string; migrationsFolder?: string };

const send = (message: Reply) => port.postMessage(message);

/** An error as data: its name, message and every field that can cross (code, detail, params…). */
function asData(error: unknown): Record<string, unknown> {
  if (error === null || typeof error !== "object") return { message: String(error) };
  const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown };
  const data: Record<string, unknown> = {
    name: typeof name === "string" ? name : "Error",
    message: typeof message === "string" ? message : String(name ?? error),
    stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "function") continue;
    try {
      data[key] = structuredClone(value);
    } catch {
      // Not cloneable (PGlite's queryOptions hold the caller's parser functions): left out.
    }
  }
  return data;
}

/** PGlite, open and migrated: every call waits for it, and fails with its error if it fails. */
const opening = (async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir, startParams: pgliteStartParams(PGlite) });
  if (migrationsFolder) {
    const [{ drizzle }, { migrate }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    await migrate(drizzle(db), { migrationsFolder }).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  }
  return db;
})();
opening.then(
  () => send({ ready: true }),
  (error: unknown) => send({ failed: asData(error) }),
);

/** The caller parses these types itself (pglite-thread.ts): their text is returned as it is. */
const rawParsers = new Map<string, QueryOptions["parsers"]>();
function asText(types: number[] | undefined): QueryOptions["parsers"] {
  if (!types?.length) return undefined;
  const key = types.join();
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** Open transactions by id: each waits in PGlite's transaction() until its caller ends it. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; done: Promise<void> }>();
/** Listeners by id: the function that stops each. */
const listeners = new Map<number, () => Promise<void>>();
/** Thrown inside transaction() to roll back without an error of its own. */
const ROLL_BACK = Symbol("roll back");

/** An open transaction, or the error a statement in one that has ended gets from PGlite. */
function transaction(id: number) {
  const open = transactions.get(id);
  if (!open) throw new Error("Transaction is closed");
  return open;
}

async function run(db: PGlite, call: Call): Promise<unknown> {
  switch (call.op) {
    case "query": {
      const on = call.tx === undefined ? db : transaction(call.tx).tx;
      return bare(
        await on.query<unknown>(call.sql, call.params, { rowMode: call.rowMode, parsers: asText(call.raw) }),
      );
    }
    case "exec": {
      const on = call.tx === undefined ? db : transaction(call.tx).tx;
      return (await on.exec(call.sql, { rowMode: call.rowMode, parsers: asText(call.raw) })).map(bare);
    }
    case "begin":
      return begin(db, call.id);
    case "end": {
      const open = transaction(call.tx);
      open.end(call.commit);
      await open.done;
      return null;
    }
    case "rollback":
      await transaction(call.tx).tx.rollback();
      return null;
    case "listen":
      listeners.set(call.id, await db.listen(call.channel, (payload) => send({ notify: call.id, payload })));
      return null;
    case "unlisten": {
      const stop = listeners.get(call.listener);
      listeners.delete(call.listener);
      await stop?.();
      return null;
    }
    case "close":
      await db.close();
      return null;
  }
}

/** Starts a transaction; answers once it has begun, while PGlite holds it open for the caller. */
function begin(db: PGlite, id: number): Promise<number> {
  return new Promise((started, failed) => {
    let end: (commit: boolean) => void = () => {};
    const ending = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    let begun = false;
    const done = db
      .transaction(async (tx) => {
        begun = true;
        transactions.set(id, { tx, end, done });
        started(id);
        if (!(await ending)) throw ROLL_BACK;
      })
      .then(
        () => {},
        (error: unknown) => {
          if (error !== ROLL_BACK) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    done.catch((error: unknown) => {
      if (!begun) failed(error);
    });
  });
}

/** A result as data: PGlite's results are plain but for a Blob (COPY), which the app never asks for. */
function bare(result: Results<unknown>): Results<unknown> {
  const { blob: _, ...data } = result;
  return data;
}

/**
 * PostgreSQL itself gone: a WebAssembly trap, or Emscripten's exit of the program (a FATAL). The
 * thread answers, then ends, so that its owner learns it is lost (pglite-thread.ts) rather than
 * every later call failing with the thread alive.
 */
function isFatal(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "RuntimeError" || name === "ExitStatus";
}

port.on("message", (call: Call) => {
  opening
    .then((db) => run(db, call))
    .then(
      (result) => send({ id: call.id, result }),
      (error: unknown) => {
        send({ id: call.id, error: asData(error) });
        if (isFatal(error)) process.exit(1);
      },
    );
});
