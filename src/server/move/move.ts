import { type SQL, sql } from "drizzle-orm";
import { JOBS_SCHEMA, openJobSchema, postgresUrlOf } from "#server/queue/queue.ts";
import type { Db } from "../db/client";

/** Rows of one table on each side: counted, and a checksum of every row's text. */
export type TableCount = { table: string; rows: number; checksum: string };

const ROWS_PER_BATCH = 1_000;

/**
 * pg-boss's tables that hold what is waiting to be done, parents first: the queues, their cron
 * schedules and subscriptions, every job (waiting, retrying, running, failed for `npm run
 * mail:retry`, and finished ones, whose ids keep a key from being sent twice) and their
 * dependencies. Its own bookkeeping (version, instances, stats, warnings) is made on the target as
 * pg-boss installs itself there.
 */
const JOB_TABLES = ["queue", "schedule", "subscription", "job", "job_dependency"].map(
  (table) => `${JOBS_SCHEMA}.${table}`,
);

/** A table's name as SQL: `name` in public, or `schema.name`. */
function tableSql(table: string): SQL {
  const [schema, name] = table.includes(".") ? table.split(".") : [undefined, table];
  return schema
    ? sql`${sql.identifier(schema)}.${sql.identifier(name as string)}`
    : sql`${sql.identifier(table)}`;
}

/**
 * A fixed order to page through a table by: its rows' place on disk, but for pg-boss's job table,
 * which is partitioned (a place repeats across partitions): its key.
 */
const pageOrder = (table: string) => (table === `${JOBS_SCHEMA}.job` ? sql`name, id` : sql`ctid`);

/** Whether pg-boss has installed its schema here (a server with a job queue has run on it). */
async function hasJobSchema(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables where table_schema = ${JOBS_SCHEMA} and table_name = 'version'`,
  );
  return Number(row?.n) > 0;
}

/**
 * Installs pg-boss's schema, or migrates it to this version's, as a server's start does (and runs
 * nothing): both sides then have the same tables to copy between. Answers its schema version.
 */
async function installJobSchema(db: Db): Promise<number> {
  const quiet = { warn: () => {}, error: () => {} };
  const schema = await openJobSchema({ db, kind: postgresUrlOf(db) ? "postgres" : "pglite", log: quiet });
  await schema.stop();
  const [row] = await rowsOf<{ version: number }>(
    db,
    sql`select version from ${tableSql(`${JOBS_SCHEMA}.version`)}`,
  );
  return Number(row?.version);
}

/** The rows of a raw query (pg and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Collect's tables, parents before children (by their foreign keys), so each batch inserts as it comes. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.name);
  const edges = (
    await rowsOf<{ child: string; parent: string }>(
      db,
      sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).map(({ child, parent }) => ({
    child: child.replaceAll('"', ""),
    parent: parent.replaceAll('"', ""),
  }));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (t) => !placed.has(t) && edges.every((e) => e.child !== t || e.parent === t || placed.has(e.parent)),
    );
    if (next.length === 0) throw new Error("the tables' foreign keys form a cycle");
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** Collect's tables and, where pg-boss is installed, its queue's (JOB_TABLES). */
async function allTables(db: Db): Promise<string[]> {
  return [...(await tablesInOrder(db)), ...((await hasJobSchema(db)) ? JOB_TABLES : [])];
}

/** Every table's row count and a checksum of its rows (md5 over each row's text, in a fixed order). */
export async function countTables(db: Db, tables?: string[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables ?? (await allTables(db))) {
    const [row] = await rowsOf<{ rows: number; checksum: string | null }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum from ${tableSql(table)} t`,
    );
    counts.push({ table, rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? "" });
  }
  return counts;
}

/**
 * Copies every row of Collect's tables from `from` (the embedded database) into `to` (a
 * migrated, empty PostgreSQL), each table as JSON batches that PostgreSQL turns back into rows
 * of its own type (`json_populate_recordset`): numerics, arrays, JSON and timestamps come over
 * exactly. pg-boss's queue comes too (JOB_TABLES: mail waiting through an SMTP outage, retries,
 * cron schedules), after pg-boss has installed or migrated its schema on both sides to this
 * version's. Refuses a target that already holds users. Answers both sides' counts.
 */
export async function moveRows(
  from: Db,
  to: Db,
  progress: (table: string, rows: number) => void = () => {},
): Promise<{ source: TableCount[]; target: TableCount[] }> {
  const tables = await tablesInOrder(from);
  const [users] = await rowsOf<{ n: number }>(to, sql`select count(*)::int as n from "user"`);
  if (Number(users?.n) > 0)
    throw new Error("The PostgreSQL database already has users: move into an empty one.");
  const [fromVersion, toVersion] = [await installJobSchema(from), await installJobSchema(to)];
  if (fromVersion !== toVersion)
    throw new Error(`pg-boss's schema is version ${fromVersion} here and ${toVersion} there`);
  tables.push(...JOB_TABLES);
  await to.transaction(async (tx) => {
    // Whatever a started server left (limit counters, say) goes first, children before parents.
    for (const table of [...tables].reverse()) await tx.execute(sql`delete from ${tableSql(table)}`);
    for (const table of tables) {
      const target = tableSql(table);
      let moved = 0;
      for (let offset = 0; ; offset += ROWS_PER_BATCH) {
        // As text, never parsed here: JavaScript would read a numeric "25.00" as 25, and a column
        // with no scale of its own (an amount) would keep "25".
        const [batch] = await rowsOf<{ rows: string | null; n: number }>(
          from,
          sql`select json_agg(t)::text as rows, count(*)::int as n from (select * from ${target} order by ${pageOrder(table)} limit ${ROWS_PER_BATCH} offset ${offset}) t`,
        );
        const count = Number(batch?.n ?? 0);
        if (count === 0 || !batch?.rows) break;
        await tx.execute(
          sql`insert into ${target} select * from json_populate_recordset(null::${target}, ${batch.rows}::json)`,
        );
        moved += count;
      }
      progress(table, moved);
    }
  });
  return { source: await countTables(from, tables), target: await countTables(to, tables) };
}
