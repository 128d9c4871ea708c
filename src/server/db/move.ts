import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/** Rows of one table on each side: counted, and a checksum of every row's text. */
export type TableCount = { table: string; rows: number; checksum: string };

const ROWS_PER_BATCH = 1_000;

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

/** Every table's row count and a checksum of its rows (md5 over each row's text, in a fixed order). */
export async function countTables(db: Db, tables?: string[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables ?? (await tablesInOrder(db))) {
    const [row] = await rowsOf<{ rows: number; checksum: string | null }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum from ${sql.identifier(table)} t`,
    );
    counts.push({ table, rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? "" });
  }
  return counts;
}

/**
 * Copies every row of Collect's tables from `from` (the embedded database) into `to` (a
 * migrated, empty PostgreSQL), each table as JSON batches that PostgreSQL turns back into rows
 * of its own type (`json_populate_recordset`): numerics, arrays, JSON and timestamps come over
 * exactly. pg-boss's queue is not copied: what is scheduled lives in Collect's own tables.
 * Refuses a target that already holds users. Answers both sides' counts.
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
  await to.transaction(async (tx) => {
    // Whatever a started server left (limit counters, say) goes first, children before parents.
    for (const table of [...tables].reverse()) await tx.execute(sql`delete from ${sql.identifier(table)}`);
    for (const table of tables) {
      const target = sql.identifier(table);
      let moved = 0;
      for (let offset = 0; ; offset += ROWS_PER_BATCH) {
        const [batch] = await rowsOf<{ rows: unknown[] | null }>(
          from,
          sql`select json_agg(t) as rows from (select * from ${target} order by ctid limit ${ROWS_PER_BATCH} offset ${offset}) t`,
        );
        const rows = batch?.rows ?? [];
        if (rows.length === 0) break;
        await tx.execute(
          sql`insert into ${target} select * from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`,
        );
        moved += rows.length;
      }
      progress(table, moved);
    }
  });
  return { source: await countTables(from, tables), target: await countTables(to, tables) };
}
