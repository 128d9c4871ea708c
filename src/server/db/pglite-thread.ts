import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, RowMode } from "@electric-sql/pglite";

/**
 * The embedded database on a thread of its own (docs/decisions/028-database-thread.md): PGlite's
 * PostgreSQL starts and executes there (pglite-worker.ts), while the server's thread loads the app
 * and answers requests. This side offers what the app, Drizzle and pg-boss ask of a PGlite —
 * query, exec, transaction, listen, close — with PGlite's own semantics: PGlite in the thread
 * still orders statements and transactions on its one connection, a failed statement rejects
 * with PostgreSQL's fields (`code`, `constraint`…), and a caller's parsers run here, on the raw
 * text the thread returns for their types.
 */

/** A call to the thread. */
export type Call = { id: number } & (
  | { op: "query"; sql: string; params?: unknown[]; rowMode?: RowMode; raw?: number[]; tx?: number }
  | { op: "exec"; sql: string; rowMode?: RowMode; raw?: number[]; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "rollback"; tx: number }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; listener: number }
  | { op: "close" }
);

/** What the thread posts: its start, a call's answer, a notification. */
export type Reply =
  | { ready: true }
  | { failed: Record<string, unknown> }
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> }
  | { notify: number; payload: string };

/** Call payloads without the id this side assigns. */
type Ask = Call extends infer C ? (C extends { id: number } ? Omit<C, "id"> : never) : never;

// Built, this module is a chunk beside dist/server/pglite-worker.js; from the sources Node strips
// the worker's types itself.
const fromSources = /\.tsx?$/.test(new URL(import.meta.url).pathname);
const WORKER = new URL(fromSources ? "./pglite-worker.ts" : "./pglite-worker.js", import.meta.url);

/** An error rebuilt from the thread's data, with PostgreSQL's fields where it had them. */
function fromData(data: Record<string, unknown>): Error {
  const { message, name, stack, ...fields } = data;
  const error = Object.assign(new Error(String(message)), fields);
  if (typeof name === "string") error.name = name;
  if (typeof stack === "string") error.stack = stack;
  return error;
}

type ThreadOptions = { dataDir?: string; migrationsFolder?: string };

type Querying = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
};

export type ThreadTransaction = Querying & { rollback(): Promise<void>; readonly closed: boolean };

export class PgliteThread implements Querying {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  /**
   * Resolves once PGlite is open on `dataDir` (in memory without) and, given a migrations
   * folder, migrated; rejects with the reason it is not. Calls made before wait in the thread.
   */
  readonly opened: Promise<void>;
  /**
   * Resolves if the thread ends other than by close() (an error nothing caught, its heap
   * exhausted): every call waiting fails with that error, and so does every later one.
   */
  readonly lost: Promise<Error>;

  /** Starts the thread at once: this thread goes on with its own work while PGlite opens. */
  constructor(options: ThreadOptions = {}) {
    const worker = new Worker(WORKER, { workerData: options });
    this.#worker = worker;
    let lose = (_error: Error) => {};
    this.lost = new Promise((resolve) => {
      lose = resolve;
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      if (!this.#closed) lose(this.#stopped);
      for (const { reject } of this.#pending.values()) reject(this.#stopped);
      this.#pending.clear();
    };
    this.opened = new Promise<void>((resolve, reject) => {
      worker.on("error", (error) => {
        reject(error);
        stop(error);
      });
      worker.on("exit", (code) => {
        const error = new Error(`the database thread exited (${code})`);
        reject(error);
        stop(error);
      });
      worker.on("message", (reply: Reply) => {
        if ("ready" in reply) resolve();
        else if ("failed" in reply) reject(fromData(reply.failed));
        else this.#answer(reply);
      });
    });
    this.opened.catch(() => {});
  }

  /** A thread whose PGlite has opened (and migrated); if it cannot, the thread is ended. */
  static async open(options?: ThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.opened;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  #answer(reply: Reply): void {
    if ("notify" in reply) {
      this.#listeners.get(reply.notify)?.(reply.payload);
      return;
    }
    if (!("id" in reply)) return;
    const waiting = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (!waiting) return;
    if ("error" in reply) waiting.reject(fromData(reply.error));
    else waiting.resolve(reply.result);
  }

  #call<T>(ask: Ask, id = this.#nextId++): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      // A parameter that cannot cross (a URL, a class instance) throws here: the call fails.
      this.#worker.postMessage({ ...ask, id });
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options);
  }

  // A transaction's statements go through these, not through `query` and `exec`, which tracing
  // wraps on this object (lib/tracing.ts wraps the transaction's own as well: one span each).
  async #query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const { rowMode, raw, parse } = parsing(options);
    return parse(await this.#call<Results<T>>({ op: "query", sql, params, rowMode, raw, tx }));
  }

  async #exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const { rowMode, raw, parse } = parsing(options);
    return (await this.#call<Results[]>({ op: "exec", sql, rowMode, raw, tx })).map(parse);
  }

  /** PGlite's transaction(): committed when `run` resolves, rolled back when it throws. */
  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: "begin" });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: (sql, options) => this.#exec(sql, options, id),
      rollback: async () => {
        await this.#call({ op: "rollback", tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: "end", tx: id, commit: true });
    return result;
  }

  /** LISTENs on `channel`; the returned function stops this listener. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, callback);
    try {
      await this.#call({ op: "listen", channel }, id);
    } catch (error) {
      this.#listeners.delete(id);
      throw error;
    }
    return async () => {
      this.#listeners.delete(id);
      await this.#call({ op: "unlisten", listener: id });
    };
  }

  /** Closes PGlite (a clean shut-down of its files), then ends the thread; once, however often called. */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    this.#closed = true;
    try {
      // A PGlite that never opened, or whose thread is gone, has nothing to close.
      const open = await this.opened.then(
        () => true,
        () => false,
      );
      if (open && !this.#stopped) await this.#call({ op: "close" });
    } finally {
      this.#stopped ??= new Error("the database is closed");
      await this.#worker.terminate();
    }
  }
}

/**
 * What the thread is asked for and what this side does to its answer: the thread parses every type
 * as PGlite does, except those the caller brought parsers for (functions do not cross threads),
 * which it returns as text for them to run here.
 */
function parsing(options: QueryOptions | undefined): {
  rowMode?: RowMode;
  raw?: number[];
  parse: <R extends Results<unknown>>(result: R) => R;
} {
  if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
    throw new Error("the database thread takes rowMode and parsers only");
  }
  const parsers = options?.parsers;
  const raw = parsers ? Object.keys(parsers).map(Number) : undefined;
  if (!parsers || !raw?.length) return { rowMode: options?.rowMode, parse: (result) => result };
  const parse = <R extends Results<unknown>>(result: R): R => {
    const columns: { at: number | string; parser: (value: string, type: number) => unknown; type: number }[] =
      [];
    result.fields.forEach((field, i) => {
      // In object mode a repeated name holds the last column's value, as PGlite's rows do.
      const at = options.rowMode === "array" ? i : field.name;
      const seen = columns.findIndex((column) => column.at === at);
      if (seen >= 0) columns.splice(seen, 1);
      const parser = parsers[field.dataTypeID];
      if (parser) columns.push({ at, parser, type: field.dataTypeID });
    });
    if (columns.length === 0) return result;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      for (const { at, parser, type } of columns) {
        const value = row[at];
        if (typeof value === "string") row[at] = parser(value, type);
      }
    }
    return result;
  };
  return { rowMode: options.rowMode, raw, parse };
}
