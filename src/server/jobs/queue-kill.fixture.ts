/**
 * A process killed mid-send (queue-stop.test.ts): it takes the delivery job, "sends" (prints the
 * Message-ID it used, as an SMTP server would receive it), and hangs before recording the send,
 * until the test SIGKILLs it. Usage: node --import tsx queue-kill.fixture.ts <postgres url>
 */
import { createClock } from "../clock";
import { openDatabase } from "../db/client";
import { deliverOnce, deliveryAttempt } from "./effects";
import { startJobQueue } from "./queue";

const url = process.argv[2] as string;
const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
const clock = createClock();
const queue = await startJobQueue({
  db: database.db,
  kind: "postgres",
  log: { warn: () => {}, error: () => {} },
  clock,
  pollingIntervalSeconds: 0.5,
});
await queue.work<{ key: string }>("deliver-kill", async (job) => {
  await deliverOnce(
    database.db,
    deliveryAttempt(job, job.data.key, { domain: "collect.test", clock }),
    async (messageId) => {
      console.log(`SENT ${messageId}`);
      await new Promise(() => {}); // the SMTP server has the message; markSent never comes
    },
  );
});
console.log("ready");
