import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Config } from "#server/env.ts";
import type { DriverTracing } from "#server/lib/tracing.ts";
import { takeDataDirLock } from "./data-dir-lock";
import { pgliteStartParams } from "./pglite-options";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws when the database cannot answer (readiness). */
  ping(): Promise<void>;
  /** LISTENs on a channel until the returned function is called (see ChannelListener). */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /**
   * Resolves once the database is open and migrated. openDatabase resolves only then, except
   * for PGlite on a thread, which opens while the caller goes on (calls made meanwhile wait).
   */
  opened: Promise<void>;
  /**
   * Resolves if the database is gone for good: PGlite's thread ended on its own (PostgreSQL's
   * connections are made again instead).
   */
  lost?: Promise<Error>;
  close(): Promise<void>;
};

/**
 * NOTIFY payloads of one channel. `ready` when listening starts, `lost` when the connection
 * that listens is gone (notifications may have been missed until the next `ready`).
 */
export type ChannelListener = { message(payload: string): void; ready(): void; lost(): void };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any constant: serialises migrations when several app processes start on one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;
/** The listening connection's application_name in pg_stat_activity. */
export const LISTENER_NAME = "collect-listen";

export type DatabaseOptions = (
  | {
      kind: "postgres";
      url: string;
      /** Connections per process (DATABASE_POOL_SIZE); LISTEN and migrations take one more each. */
      poolSize?: number;
      /** A statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_MS; 0 = never). */
      statementTimeoutMs?: number;
    }
  /**
   * dataDir undefined = in memory; thread = PGlite runs on a thread of its own (the server's:
   * db/pglite-thread.ts).
   */
  | { kind: "pglite"; dataDir?: string; thread?: boolean }
) & {
  /** OpenTelemetry is on: the driver's queries get spans (lib/tracing.ts). */
  tracing?: DriverTracing;
};

/** The database a configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function configuredDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databasePool">>,
): DatabaseOptions {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, ...config.databasePool }
    : { kind: "pglite", dataDir: config.dataDir };
}

/**
 * Each driver is imported when its kind of database is opened: a server loads only the one it
 * uses, and main.ts opens the database while the rest of the app is still loading
 * (docs/decisions/017-fast-start-up.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize, options.statementTimeoutMs, options.tracing)
    : openPglite(options);
}

async function openPostgres(
  url: string,
  poolSize = 10,
  statementTimeoutMs = 10_000,
  tracing?: DriverTracing,
): Promise<Database> {
  const [pgModule, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  tracing?.pg(pgModule);
  const pg = pgModule.default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // No request waits on a runaway query for ever (migrations above run without it).
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    opened: Promise.resolve(),
    ping: async () => {
      await pool.query("SELECT 1");
    },
    listen: postgresListener(pg, url),
    close: () => pool.end(),
  };
}

/**
 * One dedicated connection per process LISTENs on every channel anyone listens to (the view
 * cache's and the events' alike), so a process holds one listening backend, not one per
 * channel. It connects with the first listener and ends with the last; when it drops — e.g.
 * while PostgreSQL restarts — it connects again every second and LISTENs on all the channels
 * anew, so each listener hears `lost`, then `ready`. Its operations run one at a time: a
 * channel added while the connection is being made is never missed.
 */
function postgresListener(driver: typeof pg, url: string) {
  const channels = new Map<string, Set<ChannelListener>>();
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  const serially = (operation: () => Promise<void>) => {
    queue = queue.then(operation, operation);
    return queue;
  };
  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);
  const schedule = () => {
    if (channels.size > 0 && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void serially(connect);
      }, 1_000);
    }
  };

  async function connect(): Promise<void> {
    if (current || channels.size === 0) return;
    const client = new driver.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_NAME,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      client.end().catch(() => {});
      schedule();
      return;
    }
    current = client;
    client.on("notification", (n) => {
      for (const listener of channels.get(n.channel) ?? []) listener.message(n.payload ?? "");
    });
    client.once("end", () => {
      // Ended on purpose (the last listener left) or already replaced: nothing was lost.
      if (current !== client) return;
      current = null;
      for (const listener of everyListener()) listener.lost();
      schedule();
    });
    for (const listener of everyListener()) listener.ready();
  }

  return async (channel: string, listener: ChannelListener): Promise<() => Promise<void>> => {
    await serially(async () => {
      const set = channels.get(channel) ?? new Set<ChannelListener>();
      const isNew = !channels.has(channel);
      set.add(listener);
      channels.set(channel, set);
      if (!current) {
        // Connecting now, or at the next retry, which tells every listener `ready`.
        if (!retry) await connect();
        return;
      }
      // A failed LISTEN means the connection is going: its `end` brings `lost`, then a retry.
      if (
        isNew &&
        !(await current.query(`LISTEN ${channel}`).then(
          () => true,
          () => false,
        ))
      )
        return;
      listener.ready();
    });
    return () =>
      serially(async () => {
        const set = channels.get(channel);
        if (!set?.delete(listener) || set.size > 0) return;
        channels.delete(channel);
        const client = current;
        if (channels.size > 0) {
          await client?.query(`UNLISTEN ${channel}`).catch(() => {});
          return;
        }
        clearTimeout(retry);
        retry = undefined;
        current = null;
        await client?.end().catch(() => {});
      });
  };
}

async function openPglite(options: {
  dataDir?: string;
  thread?: boolean;
  tracing?: DriverTracing;
}): Promise<Database> {
  let releaseLock = () => {};
  let closeOnFailure = async () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(path.resolve(options.dataDir, "collect.lock"));
  }
  try {
    const drizzling = import("drizzle-orm/pglite");
    let created: PGlite | PgliteThread;
    if (options.thread) {
      // Started here and now: PGlite opens and migrates in its thread while this one goes on
      // (to load the app's modules); `opened` says when it is done.
      created = new PgliteThread({ dataDir, migrationsFolder });
    } else {
      const { PGlite } = await import("@electric-sql/pglite");
      created = await PGlite.create({
        dataDir,
        startParams: pgliteStartParams(PGlite),
      });
    }
    const thread = created instanceof PgliteThread ? created : undefined;
    const client = options.tracing ? options.tracing.pglite(created) : created;
    // Not handed over (a failed import or migration): closed again.
    closeOnFailure = () => client.close().catch(() => {});
    // The thread offers what Drizzle and pg-boss call of a PGlite (pglite-thread.ts).
    const db = (await drizzling).drizzle(client as PGlite, { schema });
    if (!thread) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db, { migrationsFolder });
    }
    return {
      db: db as unknown as Db,
      kind: "pglite",
      opened: thread?.opened ?? Promise.resolve(),
      lost: thread?.lost,
      ping: async () => {
        await client.query("SELECT 1");
      },
      // One process owns a PGlite database: its own notifications are all there are.
      listen: async (channel, listener) => {
        const listening = client.listen(channel, listener.message).then((unlisten) => {
          listener.ready();
          return unlisten;
        });
        // On its thread PGlite may still be opening: the caller goes on (the app's build) and
        // hears `ready` once the LISTEN is in place.
        if (thread) listening.catch(() => {});
        else await listening;
        return () => listening.then((unlisten) => unlisten()).catch(() => {});
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    await closeOnFailure();
    releaseLock();
    throw error;
  }
}
