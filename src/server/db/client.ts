import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Config } from "../env";
import { takeDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws when the database cannot answer (readiness). */
  ping(): Promise<void>;
  /** LISTENs on a channel until the returned function is called (see ChannelListener). */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
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

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined = in memory; template = a dumped, migrated data folder to start from. */
  | { kind: "pglite"; dataDir?: string; template?: Blob };

/** The database a configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function configuredDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): DatabaseOptions {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir };
}

/**
 * Each driver is imported when its kind of database is opened: a server loads only the one it
 * uses, and main.ts opens the database while the rest of the app is still loading
 * (docs/decisions/017-fast-start-up.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    ping: async () => {
      await pool.query("SELECT 1");
    },
    listen: (channel, listener) => listenPostgres(pg, url, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection LISTENing on a channel, connected again (every second) whenever it
 * drops — e.g. while PostgreSQL restarts — so the caller hears `lost`, then `ready`.
 */
async function listenPostgres(driver: typeof pg, url: string, channel: string, listener: ChannelListener) {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (!stopped) retry = setTimeout(connect, 1_000);
  };
  async function connect(): Promise<void> {
    const client = new driver.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      client.end().catch(() => {});
      schedule();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    client.on("notification", (n) => listener.message(n.payload ?? ""));
    client.once("end", () => {
      current = null;
      listener.lost();
      schedule();
    });
    listener.ready();
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

async function openPglite(options: { dataDir?: string; template?: Blob }): Promise<Database> {
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(path.resolve(options.dataDir, "collect.lock"));
  }
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = await PGlite.create({ dataDir, loadDataDir: options.template });
    const db = drizzlePglite(client, { schema });
    if (!options.template) await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        await client.query("SELECT 1");
      },
      // One process owns a PGlite database: its own notifications are all there are.
      listen: async (channel, listener) => {
        const unlisten = await client.listen(channel, listener.message);
        listener.ready();
        return () => unlisten().catch(() => {});
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
