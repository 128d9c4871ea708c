/**
 * A process that starts the job queue, runs one job, stops the queue and closes its database,
 * then must end by itself (queue.test.ts): a timer, socket or PGlite left open keeps it alive.
 * Usage: node --import tsx queue-exit.fixture.ts pglite <template.tar> | postgres <url>
 */
import { readFileSync } from "node:fs";
import { createClock } from "../clock";
import { openDatabase } from "../db/client";
import { startJobQueue } from "./queue";

const [kind, source] = process.argv.slice(2) as ["pglite" | "postgres", string];
const database =
  kind === "pglite"
    ? await openDatabase({ kind, template: new Blob([readFileSync(source)]) })
    : await openDatabase({ kind, url: source, poolSize: 2 });
const queue = await startJobQueue({
  db: database.db,
  kind,
  log: { warn: () => {}, error: (o: unknown) => console.error(o) },
  clock: createClock(),
  pollingIntervalSeconds: 0.5,
});
await queue.createQueue("exit-check");
const ran = new Promise<void>((resolve) => {
  void queue.work("exit-check", async () => resolve());
});
await queue.send("exit-check", { hello: "world" });
await ran;
await queue.stop();
await database.close();
console.log("stopped");
