import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { stdoutDestination } from "./log-destination";

/** A pipe whose reader takes what it is given, or stops reading (`stalled`). */
function pipe(stalled = false) {
  const writes: string[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      if (!stalled) done();
    },
  });
  return { out, writes };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

it("writes the lines of one event-loop turn in one write, in order", async () => {
  const { out, writes } = pipe();
  const { stream } = stdoutDestination(out);
  for (let i = 0; i < 100; i++) stream.write(`{"i":${i}}\n`);
  await turn();
  stream.write('{"i":100}\n');
  await turn();
  expect(writes).toHaveLength(2);
  expect(writes.join("").trim().split("\n")).toEqual(Array.from({ length: 101 }, (_, i) => `{"i":${i}}`));
});

it("writes what is pending when flushed, before the process exits", async () => {
  const { out, writes } = pipe();
  const logs = stdoutDestination(out);
  logs.stream.write("last words\n");
  await logs.flush(100);
  expect(writes).toEqual(["last words\n"]);
});

it("keeps a bounded queue when the reader stops, and a flush still ends", async () => {
  const { out } = pipe(true);
  const logs = stdoutDestination(out);
  const line = `${"x".repeat(1023)}\n`;
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 1024; i++) logs.stream.write(line);
    await turn();
  }
  expect(out.writableLength).toBeLessThanOrEqual(8 * 1024 * 1024 + 1024 * 1024);
  const started = performance.now();
  await logs.flush(50);
  expect(performance.now() - started).toBeLessThan(1_000);
});
