import net from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "#server/db/client.ts";
import { type CounterStore, openCounterStore } from "./limiter";

/** The commands of a RESP stream (arrays of bulk strings, as clients send them), as far as complete. */
function parseCommands(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    let cursor = at;
    const line = () => {
      const end = buffer.indexOf("\r\n", cursor);
      if (end < 0) return undefined;
      const text = buffer.toString("latin1", cursor, end);
      cursor = end + 2;
      return text;
    };
    const head = line();
    if (head === undefined) break;
    const args: string[] = [];
    let complete = true;
    for (let i = 0; i < Number(head.slice(1)); i++) {
      const size = line();
      const length = Number(size?.slice(1));
      if (size === undefined || buffer.length < cursor + length + 2) {
        complete = false;
        break;
      }
      args.push(buffer.toString("latin1", cursor, cursor + length));
      cursor += length + 2;
    }
    if (!complete) break;
    commands.push(args);
    at = cursor;
  }
  return { commands, rest: buffer.subarray(at) };
}

/**
 * A loopback server speaking just enough of Redis's protocol for the counter store (HELLO and
 * INFO for the client's handshake and ready check, EVAL for a hit). `hang()` makes it keep reading and stop answering, as a
 * hung Redis does; `resume()` answers what it held, in order, and everything after. `silent`
 * never answers anything: a server that accepts connections and nothing more.
 */
const INFO = "# Server\r\nloading:0\r\n";

async function fakeRedis(options: { silent?: boolean } = {}) {
  let hung = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      if (options.silent) return;
      const { commands, rest } = parseCommands(Buffer.concat([buffer, chunk]));
      buffer = rest;
      for (const [name = ""] of commands) {
        const command = name.toUpperCase();
        const reply =
          command === "HELLO"
            ? "%1\r\n$5\r\nproto\r\n:3\r\n"
            : command === "INFO"
              ? `$${Buffer.byteLength(INFO)}\r\n${INFO}\r\n`
              : command === "EVAL"
                ? "*2\r\n:1\r\n:60000\r\n"
                : "+OK\r\n";
        const answer = () => socket.write(reply);
        if (hung) held.push(answer);
        else answer();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hang: () => {
      hung = true;
    },
    resume: () => {
      hung = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A logger keeping what it is given. */
function capturingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message?: string): void => {
      if (typeof fields === "string") lines.push({ level, fields: {}, message: fields });
      else lines.push({ level, fields: fields as Record<string, unknown>, message: message ?? "" });
    };
  const log = {
    level: "info",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines, messages: () => lines.map((line) => line.message) };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function redisStore(url: string, log: FastifyBaseLogger): Promise<CounterStore> {
  // The database is not touched by a Redis store.
  // Longer than production's 50 ms: a loaded test machine must not time out an answered command.
  const store = await openCounterStore(
    { db: undefined as unknown as Db, redisUrl: url, commandTimeoutMs: 250 },
    log,
  );
  cleanups.push(() => store.close());
  return store;
}

/** Waits until `check` holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const hits = (store: CounterStore, count: number) =>
  Promise.allSettled(Array.from({ length: count }, (_, i) => store.hit(`test:${i}`, 60_000)));

describe("the Redis counter store", () => {
  // A hung Redis (connection open, no answers) failed every command after 50 ms and the limits
  // let every call through, without a word in the log: only /metrics and /readyz knew.
  it("logs one warning when Redis stops answering, and one once it answers again", async () => {
    const redis = await fakeRedis();
    cleanups.push(() => redis.close());
    const { log, lines, messages } = capturingLog();
    const store = await redisStore(redis.url, log);
    await until(async () => (await hits(store, 1))[0]?.status === "fulfilled", 5_000);
    expect(messages()).toEqual([]);

    redis.hang();
    const failed = await hits(store, 20);
    expect(failed.every((result) => result.status === "rejected")).toBe(true);
    expect(messages()).toEqual(["redis not answering: limits let calls through until it is back"]);
    expect(String((lines[0]?.fields.err as Error | undefined)?.message)).toMatch(/timed out/i);
    expect(store.healthy()).toBe(false);

    // Answering again, but lately failing (as /readyz sees it): not back yet.
    redis.resume();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await until(async () => (await hits(store, 1))[0]?.status === "fulfilled", 5_000);
    expect(messages()).toHaveLength(1);
    // Five seconds without a failure: back, said once.
    vi.setSystemTime(Date.now() + 5_001);
    expect((await hits(store, 3)).every((result) => result.status === "fulfilled")).toBe(true);
    await hits(store, 3);
    expect(messages()).toEqual([
      "redis not answering: limits let calls through until it is back",
      "redis answering again: limits count again",
    ]);
    expect(lines[1]?.fields.failed).toBeGreaterThanOrEqual(20);
    expect(lines.every((line) => line.level === "warn")).toBe(true);

    // A second outage is a second warning.
    redis.hang();
    await hits(store, 5);
    expect(messages()).toHaveLength(3);
    expect(messages()[2]).toBe("redis not answering: limits let calls through until it is back");
  });

  it("logs one warning for a Redis that accepts connections and never answers, once the connection is late", async () => {
    const redis = await fakeRedis({ silent: true });
    cleanups.push(() => redis.close());
    const { log, messages } = capturingLog();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const store = await redisStore(redis.url, log);
    // While the first connection is being made, a failed hit is no outage yet.
    expect((await hits(store, 3)).every((result) => result.status === "rejected")).toBe(true);
    expect(messages()).toEqual([]);
    vi.setSystemTime(Date.now() + 1_001);
    expect((await hits(store, 20)).every((result) => result.status === "rejected")).toBe(true);
    expect(messages()).toEqual(["redis not answering: limits let calls through until it is back"]);
    expect(store.errors()).toBe(23);
  });
});
