import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "#server/clock.ts";
import type { Db } from "#server/db/client.ts";
import type { SigningSecret } from "#server/lib/signed-token.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { MailPolicy } from "#server/mail/policy.ts";
import type { Notify } from "#server/notifications/notify.ts";
import type { JobQueue } from "../queue/queue";
import { startPayerMail } from "./reminders-send";
import { type SweepDeps, sweepReminders } from "./reminders-sweep";

declare module "fastify" {
  interface FastifyInstance {
    /** The reminder sweep of this process (app.ts). */
    reminders: Reminders;
  }
}

const SWEEP_QUEUE = "reminder-sweep";

export type Reminders = {
  /** Decides every due reminder now (the schedule calls it each minute; tests call it after moving the clock). */
  sweep(batch?: number): Promise<number>;
  /**
   * The queues and workers, starting in the background (the app answers before pg-boss is up);
   * settles when they are up or have failed (logged), never rejects.
   */
  started: Promise<void>;
};

/**
 * Automatic reminders (docs/decisions/024-chasing.md): the sweep runs from a pg-boss schedule every minute
 * (one job per minute across processes) and once at start, so reminders that fell due while
 * no process ran go out at once. Its queues and workers start in the background, like the
 * notification workers: the app answers before pg-boss is up.
 */
export function startReminders(deps: {
  db: Db;
  jobs: JobQueue;
  notify: Notify;
  webhooks: SweepDeps["webhooks"];
  mailer: Mailer;
  mailPolicy: MailPolicy;
  clock: Clock;
  publicUrl: string;
  secret: SigningSecret;
  log: FastifyBaseLogger;
}): Reminders {
  const { db, jobs, notify, webhooks, clock, log } = deps;
  const now = () => clock.now();
  const sweep = (batch?: number) => sweepReminders({ db, jobs, notify, webhooks, now }, batch);
  async function start() {
    await startPayerMail({ ...deps, now });
    await jobs.createQueue(SWEEP_QUEUE, { retryLimit: 1, expireInSeconds: 120 });
    await jobs.work(SWEEP_QUEUE, async () => {
      await sweep();
    });
    await jobs.schedule(SWEEP_QUEUE, "* * * * *");
    await jobs.send(SWEEP_QUEUE, {});
  }
  const started = start().catch((error: unknown) => {
    log.error({ err: error }, "automatic reminders did not start");
  });
  return {
    started,
    sweep: async (batch) => {
      try {
        return await sweep(batch);
      } catch (error) {
        log.error({ err: error }, "reminder sweep failed");
        throw error;
      }
    },
  };
}
