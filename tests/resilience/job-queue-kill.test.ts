import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import {
  claimDelivery,
  deliverOnce,
  deliveryAttempt,
  findDelivery,
  messageIdFor,
} from "#server/queue/effects.ts";
import { type JobQueue, postgresUrlOf, startJobQueue } from "#server/queue/queue.ts";
import { describeWith, freshDatabase, until } from "#server/test/harness.ts";

const quiet = { warn: () => {}, error: () => {} };

// Two real processes need a database both can open: PostgreSQL only.
describeWith("TEST_DATABASE_URL", "a process killed mid-send [postgres]", () => {
  let database: Database;
  let queue: JobQueue;
  const clock = createClock();
  beforeAll(async () => {
    database = await freshDatabase("postgres");
    queue = await startJobQueue({
      db: database.db,
      kind: "postgres",
      log: quiet,
      clock,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("loses nothing: another process resends with the same Message-ID once the attempt expires", async () => {
    await queue.createQueue("deliver-kill", { expireInSeconds: 2, retryLimit: 3, retryDelaySeconds: 1 });
    const key = "reminder:killed:3";
    await database.db.transaction(async (tx) => {
      await claimDelivery(tx, key, "reminder", clock.now());
      await queue.send("deliver-kill", { key }, { key, tx });
    });

    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(import.meta.dirname, "fixtures/job-queue-kill.ts"),
        postgresUrlOf(database.db) ?? "",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const received: string[] = [];
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      for (const match of output.matchAll(/^SENT (\S+)$/gm))
        if (!received.includes(match[1] ?? "")) received.push(match[1] ?? "");
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await until(() => received.length === 1, 20_000).catch((error) => {
      throw new Error(`child said: ${output}`, { cause: error });
    });
    child.kill("SIGKILL");
    await exited;
    expect((await findDelivery(database.db, key))?.state).toBe("pending");

    // This process takes over: the expired attempt is failed, retried, and sent here.
    const inbox = [...received];
    await queue.work<{ key: string }>("deliver-kill", async (job) => {
      await deliverOnce(
        database.db,
        deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
        async (messageId) => {
          inbox.push(messageId);
        },
      );
    });
    await until(async () => (await findDelivery(database.db, key))?.state === "sent", 20_000);
    expect(inbox).toEqual([messageIdFor(key, "collect.test"), messageIdFor(key, "collect.test")]);
    expect(new Set(inbox).size).toBe(1);
    expect(await findDelivery(database.db, key)).toMatchObject({ state: "sent", attempts: 2 });
  });
});
