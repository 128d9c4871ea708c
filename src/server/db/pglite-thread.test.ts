import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "#server/lib/db-errors.ts";
import { freshDatabase } from "#server/test/harness.ts";
import { PgliteThread } from "./pglite-thread";

const TABLE = `
  CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE, at timestamptz DEFAULT now(),
    photo bytea, data jsonb, amount numeric(10,2), tags text[]);`;
const FIRST_ROW = `INSERT INTO t (name, at, photo, data, amount, tags)
  VALUES ('a', '2020-01-02 03:04:05+00', '\\x0102', '{"x":[1]}', 12.5, '{p,q}')`;

// The embedded database on its own thread answers as PGlite in the process does: the same rows,
// the same errors, the same transaction and notification semantics; and it opens and migrates
// while its caller goes on.
describe("PGlite on its own thread", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "collect-thread-"));
  const dataDir = path.join(dir, "data");
  /** A migrations folder holding these migrations, as drizzle-kit writes them. */
  const migrations = (...sql: string[]) => {
    const folder = mkdtempSync(path.join(dir, "m-"));
    mkdirSync(path.join(folder, "meta"));
    const entries = sql.map((text, idx) => {
      const tag = `000${idx}_step`;
      writeFileSync(path.join(folder, `${tag}.sql`), text);
      return { idx, version: "7", when: idx + 1, tag, breakpoints: true };
    });
    writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries }),
    );
    return folder;
  };
  let thread: PgliteThread;
  let local: PGlite;
  let early: Promise<unknown>;
  beforeAll(async () => {
    thread = new PgliteThread({ dataDir, migrationsFolder: migrations(TABLE) });
    // Sent at once, while PGlite is still starting in the thread: they wait for the migrations.
    early = Promise.all([thread.query(FIRST_ROW), thread.query<{ name: string }>("SELECT name FROM t")]);
    early.catch(() => {});
    local = await PGlite.create();
    await local.exec(`${TABLE} ${FIRST_ROW}`);
    await thread.opened;
  }, 30_000);
  afterAll(async () => {
    await Promise.all([thread.close(), local.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the calls made before it opened, once it has opened and migrated", async () => {
    const [inserted, listed] = (await early) as [{ affectedRows: number }, { rows: unknown[] }];
    expect(inserted.affectedRows).toBe(1);
    expect(listed.rows).toEqual([{ name: "a" }]);
  });

  it("returns the rows PGlite returns, in both row modes, with the caller's parsers run here", async () => {
    const text = (value: string) => `parsed:${value}`;
    const each: (QueryOptions | undefined)[] = [
      undefined,
      { rowMode: "array" as const },
      { rowMode: "object" as const, parsers: { [types.TIMESTAMPTZ]: text, [types.NUMERIC]: text } },
      { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: text, 1009: (v: string) => v } },
    ];
    for (const options of each) {
      const sql = "SELECT name, photo, data, amount, tags, at, at AS name FROM t";
      const [mine, theirs] = await Promise.all([
        thread.query(sql, [], options),
        local.query(sql, [], options),
      ]);
      expect(mine.fields).toEqual(theirs.fields);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.rows).toHaveLength(1);
    }
    const parsed = await thread.query<{ at: string }>("SELECT at FROM t", [], {
      parsers: { [types.TIMESTAMPTZ]: text },
    });
    expect(parsed.rows[0]?.at).toBe("parsed:2020-01-02 03:04:05+00");
    const plain = await thread.query<{ at: unknown; photo: unknown }>("SELECT at, photo FROM t");
    expect(plain.rows[0]?.at).toEqual(new Date("2020-01-02T03:04:05Z"));
    expect(plain.rows[0]?.photo).toEqual(new Uint8Array([1, 2]));
  });

  it("rejects with PostgreSQL's error fields", async () => {
    const error = await thread.query("INSERT INTO t (name) VALUES ($1)", ["a"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "t_name_key",
      message: expect.stringContaining("duplicate key"),
    });
    expect(isUniqueViolation(error)).toBe(true);
    await expect(thread.query("SELECT * FROM nowhere")).rejects.toMatchObject({ code: "42P01" });
    // The connection is fine afterwards.
    expect((await thread.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  });

  it("commits a transaction, rolls back one that throws or asks to, and orders other statements after it", async () => {
    const committed = await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO t (name) VALUES ('b')");
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t")).rows[0]?.n;
    });
    expect(committed).toBe(2);

    const failure = new Error("changed my mind");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("INSERT INTO t (name) VALUES ('c')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO t (name) VALUES ('d')");
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });

    // A statement outside the transaction waits until it has ended, as on PGlite's one connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const inTx = thread.transaction(async (tx) => {
      await tx.query("INSERT INTO t (name) VALUES ('e')");
      await held;
      order.push("commit");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread
      .query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE name = 'e'")
      .then((r) => {
        order.push("outside");
        return r.rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await inTx;
    expect(await outside).toBe(1);
    expect(order).toEqual(["commit", "outside"]);

    const names = await thread.query<{ name: string }>("SELECT name FROM t ORDER BY id");
    expect(names.rows.map((r) => r.name)).toEqual(["a", "b", "e"]);
  });

  it("delivers notifications to listeners until they stop", async () => {
    const heard: string[] = [];
    const stop = await thread.listen("collect_test", (payload) => heard.push(payload));
    await thread.query("SELECT pg_notify('collect_test', 'one')");
    await expect.poll(() => heard).toEqual(["one"]);
    await stop();
    await thread.query("SELECT pg_notify('collect_test', 'two')");
    await thread.query("SELECT 1");
    expect(heard).toEqual(["one"]);
  });

  it("starts PostgreSQL with the buffer cache of every PGlite of ours, as the app's in-process one", async () => {
    const inProcess = await freshDatabase("pglite");
    try {
      const shown = await inProcess.db.execute(sql`SHOW shared_buffers`);
      expect((shown as unknown as { rows: unknown[] }).rows).toEqual([{ shared_buffers: "32MB" }]);
    } finally {
      await inProcess.close();
    }
    expect((await thread.query("SHOW shared_buffers")).rows).toEqual([{ shared_buffers: "32MB" }]);
  });

  it("sends a transaction's statements past the instance's query and exec, which tracing wraps", async () => {
    // lib/tracing.ts wraps `query` and `exec` on the instance, and a transaction's own: one span a statement.
    const calls: string[] = [];
    const { query, exec } = thread;
    thread.query = ((...args: Parameters<typeof query>) => {
      calls.push("query");
      return query.apply(thread, args);
    }) as typeof query;
    thread.exec = ((...args: Parameters<typeof exec>) => {
      calls.push("exec");
      return exec.apply(thread, args);
    }) as typeof exec;
    try {
      await thread.transaction(async (tx) => {
        await tx.query("SELECT 1");
        await tx.exec("SELECT 2");
      });
      expect(calls).toEqual([]);
      await thread.query("SELECT 3");
      expect(calls).toEqual(["query"]);
    } finally {
      // Own properties gone, the class's methods answer again.
      delete (thread as Partial<PgliteThread>).query;
      delete (thread as Partial<PgliteThread>).exec;
    }
  });

  it("rejects a call it cannot send, and goes on", async () => {
    await expect(thread.query("SELECT $1::text AS v", [new URL("https://example.com/")])).rejects.toThrow(
      /could not be cloned|Cannot clone/i,
    );
    await expect(thread.query("SELECT 1", [], { onNotice: () => {} })).rejects.toThrow(
      /rowMode and parsers only/,
    );
    expect((await thread.query("SELECT $1::text AS v", ["https://example.com/"])).rows).toEqual([
      { v: "https://example.com/" },
    ]);
  });

  it("carries Drizzle's transactions: a savepoint rolled back inside one that commits, and rollback()", async () => {
    await thread.exec("CREATE TABLE d (v text)");
    const db = drizzle(thread as unknown as PGlite);
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO d VALUES ('outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO d VALUES ('inner')`);
          inner.rollback();
        }),
      ).rejects.toBeInstanceOf(TransactionRollbackError);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO d VALUES ('gone')`);
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect((await thread.query("SELECT v FROM d")).rows).toEqual([{ v: "outer" }]);
  });

  it("runs several statements in one exec", async () => {
    const results = await thread.exec("SELECT 1 AS a; SELECT 2 AS b");
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });
  it("keeps what was committed across a close and a new open", async () => {
    await thread.close();
    await expect(thread.query("SELECT 1")).rejects.toThrow(/closed/);
    thread = await PgliteThread.open({ dataDir, migrationsFolder: migrations(TABLE) });
    const names = await thread.query<{ name: string }>("SELECT name FROM t ORDER BY id");
    expect(names.rows.map((r) => r.name)).toEqual(["a", "b", "e"]);
  }, 30_000);

  it("fails to open when a migration fails, and every call waiting says why", async () => {
    await thread.close();
    thread = new PgliteThread({
      dataDir,
      migrationsFolder: migrations(TABLE, "CREATE TABLE broken (v nosuchtype);"),
    });
    const waiting = thread.query("SELECT 1");
    await expect(thread.opened).rejects.toThrow(/nosuchtype/);
    await expect(waiting).rejects.toThrow(/nosuchtype/);
  }, 30_000);
});

describe("PGlite's thread when it dies", () => {
  it("fails the calls waiting and every later one, and says it is lost", async () => {
    // The thread's Worker, caught as it is first written to, to end it from outside.
    const post = Worker.prototype.postMessage;
    let worker: Worker | undefined;
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker["postMessage"]>) {
      worker = this;
      return post.apply(this, args);
    };
    const thread = await PgliteThread.open();
    // A statement waits in the thread behind an open transaction, PGlite idle: the thread is
    // ended between statements. Ended inside WebAssembly (a pg_sleep), V8 itself sometimes died
    // tearing the thread down (a fatal check in ThreadIsolation::UnregisterWasmAllocation), taking
    // the vitest worker with it; the server never ends its thread that way (close() ends it idle).
    const held = Promise.withResolvers<void>();
    const inTransaction = Promise.withResolvers<void>();
    const holding = thread.transaction(async (tx) => {
      await tx.query("SELECT 1");
      inTransaction.resolve();
      await held.promise;
    });
    await inTransaction.promise;
    Worker.prototype.postMessage = post;
    const waiting = thread.query("SELECT 2");
    await worker?.terminate();
    held.resolve();
    await expect(waiting).rejects.toThrow("the database thread exited (1)");
    await expect(holding).rejects.toThrow("the database thread exited (1)");
    expect((await thread.lost).message).toBe("the database thread exited (1)");
    await expect(thread.query("SELECT 1")).rejects.toThrow("the database thread exited (1)");
    await thread.close();
  }, 30_000);

  it("is not lost when closed, and closes once however often asked", async () => {
    const thread = await PgliteThread.open();
    const closing = thread.close();
    expect(thread.close()).toBe(closing);
    await closing;
    const lost = await Promise.race([
      thread.lost,
      new Promise((resolve) => setTimeout(resolve, 200, "not lost")),
    ]);
    expect(lost).toBe("not lost");
  }, 30_000);
});
