import type { Db } from "#server/db/client.ts";

/**
 * A statement built once per database and reused: Drizzle then skips building the SQL, and
 * PostgreSQL planning it, on every call. For the hot paths (bench: npm run bench).
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
