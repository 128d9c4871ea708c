import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db as IDatabase, JobResult, JobWithMetadata, PgBoss as PgBossType } from "pg-boss";
import { type Clock, isTestClock } from "../clock";
import type { Db } from "../db/client";
import type { Turn } from "./pace";
import { isPermanentRefusal } from "./permanent";

/**
 * Scheduled work on pg-boss, in its own schema `pgboss`, on PostgreSQL (its own small pool) and on
 * PGlite (pg-boss's PGlite adapter over the app's one connection). pg-boss installs and migrates
 * that schema itself at start-up, under an advisory lock when several processes start at once
 * (docs/decisions/023-job-queue.md has why, and what it costs).
 */
export type JobQueueOptions = {
  /** The app's database: its PGlite instance carries the jobs on PGlite; transactional sends use it. */
  db: Db;
  kind: "postgres" | "pglite";
  /**
   * PostgreSQL only: pg-boss opens its own pool there (`poolSize` connections). Default: the
   * address the app's pool connects to.
   */
  connectionString?: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /**
   * A test clock (clock.ts createTestClock) drives pg-boss's own TestClock: the database's now
   * and every poll then move only when the test moves time.
   */
  clock: Clock;
  /** How often an idle worker asks for due jobs (default 2 s; pg-boss's floor is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** PostgreSQL connections pg-boss may hold (default 3). */
  poolSize?: number;
  /**
   * How often attempts past their queue's `expireInSeconds` (their process died or hung) are
   * failed, to be retried (JOBS_SUPERVISE_SECONDS; default 30 s).
   */
  superviseIntervalSeconds?: number;
  /**
   * The default of every queue's `expireInSeconds` (JOBS_EXPIRE_SECONDS; default 60): how long a
   * killed process's attempt waits before another takes it. A send takes seconds.
   */
  expireInSeconds?: number;
  /** Caps every queue's wait between retries (JOBS_RETRY_DELAY_MAX_SECONDS; default each queue's own, 1 hour at most). */
  retryDelayMaxSeconds?: number;
  /** The mail queues' first retry delay and how long they keep trying (MAIL_QUEUE_POLICY; JOBS_MAIL_*). */
  mailRetry?: { retryDelaySeconds?: number; giveUpAfterSeconds?: number };
  /** Waited before each job of a queue worked `paced` (the senders: pace.ts senderPace); default none. */
  pace?: Turn;
};

/** Retries and time limits of one queue (pg-boss queue options, in our words). */
export type QueuePolicy = {
  /** Retries after the first attempt (default 4). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time, with jitter (default 30). */
  retryDelaySeconds?: number;
  /** Longest wait between retries (default 1 hour). */
  retryDelayMaxSeconds?: number;
  /** An attempt running longer than this is failed and retried (default JobQueueOptions.expireInSeconds). */
  expireInSeconds?: number;
};

/**
 * The one retry policy of every queue that sends mail (payer mail, notifications, recurring
 * occurrences, account mail): `createQueue(name, "mail")`. A message waits through an SMTP outage
 * of `giveUpAfterSeconds` (24 h) and goes once the server is back: the retry limit is counted
 * from the first delay, doubled each retry, and the cap (the smaller of `retryDelayMaxSeconds` and
 * JOBS_RETRY_DELAY_MAX_SECONDS), so a smaller cap means more retries, never a shorter wait. Only
 * then is the mail given up: its delivery is `failed`, the log says "mail given up", the
 * collect_jobs_given_up metric counts it and `npm run mail:retry` sends it again. A refusal no
 * retry changes (SMTP 5xx, the mail policy) fails at once instead (effects.ts deliverOnce).
 */
export const MAIL_QUEUE_POLICY = {
  /** The first wait (JOBS_MAIL_RETRY_DELAY_SECONDS); it doubles each retry, with jitter. */
  retryDelaySeconds: 15,
  retryDelayMaxSeconds: 3_600,
  /** Tried for at least this long (JOBS_MAIL_GIVE_UP_HOURS). */
  giveUpAfterSeconds: 24 * 3_600,
} as const;

/**
 * Retries whose waits add up to at least `spanSeconds`. pg-boss waits before retry k (k = 1, 2…)
 * a jittered `first`·2^(k−1) to `first`·2^k (the exponent stops growing at 15), capped at `cap`:
 * counted at the low end, so the real span is at least `spanSeconds` (and at most one doubling more).
 */
export function retriesToSpan(spanSeconds: number, firstSeconds: number, capSeconds: number): number {
  let waited = 0;
  let retries = 0;
  while (waited < spanSeconds) {
    waited += Math.min(capSeconds, firstSeconds * 2 ** Math.min(retries, 15));
    retries++;
  }
  return retries;
}

/** MAIL_QUEUE_POLICY with this process's settings: the retries it takes to span the give-up time. */
export function mailQueuePolicy(
  settings: Pick<JobQueueOptions, "retryDelayMaxSeconds" | "mailRetry"> = {},
): Required<Omit<QueuePolicy, "expireInSeconds">> {
  const cap = Math.min(
    MAIL_QUEUE_POLICY.retryDelayMaxSeconds,
    settings.retryDelayMaxSeconds ?? Number.POSITIVE_INFINITY,
  );
  const first = Math.min(settings.mailRetry?.retryDelaySeconds ?? MAIL_QUEUE_POLICY.retryDelaySeconds, cap);
  const span = settings.mailRetry?.giveUpAfterSeconds ?? MAIL_QUEUE_POLICY.giveUpAfterSeconds;
  return {
    retryLimit: retriesToSpan(span, first, cap),
    retryDelaySeconds: first,
    retryDelayMaxSeconds: cap,
  };
}

export type QueuedJob<T> = {
  id: string;
  name: string;
  data: T;
  /** The idempotency key it was sent with, if any. */
  key: string | null;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** No retry follows if this attempt fails: record the failure now. */
  lastAttempt: boolean;
};

export type SendOptions = {
  /**
   * Idempotency key: the job's id is derived from it, so sending the same key twice to one queue
   * makes one job (while that job is kept: 7 days after it ends).
   */
  key?: string;
  /** Not before this moment (compute it from the app's clock). */
  startAfter?: Date;
  /** A transaction to enqueue in: the job exists if, and only if, that transaction commits. */
  tx?: Db;
};

export type JobQueue = {
  /**
   * Creates the queue if missing (idempotent; pg-boss needs it before send and work). `"mail"`:
   * a queue that sends mail, on MAIL_QUEUE_POLICY.
   */
  createQueue(name: string, policy?: QueuePolicy | "mail"): Promise<void>;
  /** The job's id, or null when a job with this key already exists in the queue. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Sends many keyed jobs in one statement (a job whose key exists already, or came earlier in
   * the list, is not made again), in `tx` when given: the sweep's batch of reminders.
   */
  sendMany(
    name: string,
    jobs: readonly { data: object; key: string; startAfter?: Date }[],
    options?: Pick<SendOptions, "tx">,
  ): Promise<void>;
  /** Runs `handler` for each job; a throw fails that job, which is retried per its queue's policy. */
  work<T>(name: string, handler: (job: QueuedJob<T>) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** Sends `name` a job on each occurrence of `cron` in time zone `tz` (one per occurrence across processes). */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  /** Stops fetching, waits for running handlers (at most `timeoutMs`, default 10 s), then closes. */
  stop(timeoutMs?: number): Promise<void>;
};

export const JOBS_SCHEMA = "pgboss";

export type WorkOptions = {
  /** Jobs fetched at once and run side by side (default 1). */
  batchSize?: number;
  concurrency?: number;
  /** Each job waits its turn first (JobQueueOptions.pace): background work that yields to people. */
  paced?: boolean;
  /**
   * A fetched batch runs one job after another, oldest first, instead of side by side: for
   * messages whose order matters (a newer reset link voids the older one).
   */
  inOrder?: boolean;
};

/**
 * Workers of a queue whose jobs send something (mail, push): ten fetched at once, so a backlog
 * (hundreds of reminders due at the same 9:00) drains at many messages a second instead of one per
 * poll: side by side while nobody is being served, spaced out while people are (paced: the
 * process's one turn for all its senders, pace.ts). One worker per process: with pg-boss's
 * localConcurrency above 1 a job was sometimes run twice (a recurring notice emailed twice in
 * recurring.test.ts).
 */
export const SENDERS: WorkOptions = { batchSize: 10, concurrency: 1, paced: true };

/** When the workers are woken after a send made in a transaction (ms after the send). */
const TX_WAKES_MS = [20, 150, 600];

/** The job id for an idempotency key: a UUID-shaped SHA-256 prefix, stable across processes. */
export function jobIdFor(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A pg-boss instance over the app's database (not started), on either kind. */
async function newBoss(
  options: Pick<JobQueueOptions, "db" | "kind" | "connectionString" | "poolSize" | "log">,
  settings: Record<string, unknown>,
): Promise<PgBossType> {
  const { PgBoss, fromPglite } = await import("pg-boss");
  const common = { schema: JOBS_SCHEMA, instanceName: "collect", ...settings };
  let boss: PgBossType;
  if (options.kind === "pglite") {
    const client = (options.db as unknown as { $client: PgliteClient }).$client;
    boss = new PgBoss({ ...common, db: guardBlocks(fromPglite(client), client), backend: "pglite" });
  } else {
    const connectionString = options.connectionString ?? postgresUrlOf(options.db);
    if (!connectionString) throw new Error("startJobQueue: PostgreSQL needs connectionString");
    boss = new PgBoss({
      ...common,
      connectionString,
      max: options.poolSize ?? 3,
      application_name: "collect-jobs",
    });
  }
  boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) =>
    options.log.warn({ warning: warning.data }, `job queue: ${warning.message}`),
  );
  return boss;
}

/** The job schema without workers, supervision or cron, for the scripts (db:move-to-postgres, mail:retry). */
export type JobSchema = {
  /** Gives failed jobs one more attempt, now (pg-boss `retry`), in `tx` when given; answers how many. */
  retry(name: string, ids: readonly string[], tx?: Db): Promise<number>;
  stop(): Promise<void>;
};

/** Installs or migrates pg-boss's schema in this database, as a start does, and runs nothing. */
export async function openJobSchema(
  options: Pick<JobQueueOptions, "db" | "kind" | "connectionString" | "log">,
): Promise<JobSchema> {
  const { fromDrizzle } = await import("pg-boss");
  const boss = await newBoss({ ...options, poolSize: 1 }, { supervise: false, schedule: false });
  await boss.start();
  return {
    async retry(name, ids, tx) {
      if (ids.length === 0) return 0;
      const db = tx
        ? fromDrizzle(
            tx as unknown as Parameters<typeof fromDrizzle>[0],
            sql as Parameters<typeof fromDrizzle>[1],
          )
        : undefined;
      const result = (await boss.retry(name, [...ids], db ? { db } : {})) as { affected?: number };
      return result.affected ?? 0;
    },
    stop: () => boss.stop({ graceful: false, close: true }),
  };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { TestClock, fromDrizzle } = await import("pg-boss");
  const { clock, log } = options;
  const bossClock = isTestClock(clock) ? clock.driver((now) => new TestClock(now)) : undefined;
  const boss = await newBoss(options, {
    ...(bossClock ? { clock: bossClock } : {}),
    // pg-boss checks each queue's expired attempts at most once per monitor interval.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
  });
  await boss.start();
  /** The queues made with the mail policy: their last failure is logged as "mail given up". */
  const mailQueues = new Set<string>();

  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const workers = new Map<string, string[]>();
  // Aborted as the queue stops: jobs waiting their turn go at once (pace.ts).
  const stopping = new AbortController();
  const asBossDb = (tx: Db): IDatabase =>
    fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql as Parameters<typeof fromDrizzle>[1]);
  /**
   * A job due now wakes this process's workers instead of waiting out their poll (others poll).
   * One sent in a transaction is seen only once that commits, which this queue is not told of: the
   * wake is repeated a few times as the commit is awaited (a wake that finds nothing costs one
   * fetch; the poll still catches a transaction longer than the last).
   */
  const wakeIfDue = (name: string, startAfter: Date | undefined, tx: Db | undefined) => {
    if (startAfter && startAfter > clock.now()) return;
    const wake = () => {
      for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
    };
    if (!tx) wake();
    else for (const ms of TX_WAKES_MS) setTimeout(wake, ms).unref();
  };

  return {
    async createQueue(name, asked = {}) {
      if (asked === "mail") mailQueues.add(name);
      const policy: QueuePolicy = asked === "mail" ? mailQueuePolicy(options) : asked;
      const settings = {
        retryLimit: policy.retryLimit ?? 4,
        retryDelay: policy.retryDelaySeconds ?? 30,
        retryBackoff: true,
        retryDelayMax: Math.min(
          policy.retryDelayMaxSeconds ?? 3_600,
          options.retryDelayMaxSeconds ?? Number.POSITIVE_INFINITY,
        ),
        expireInSeconds: policy.expireInSeconds ?? options.expireInSeconds ?? 60,
      };
      await boss.createQueue(name, settings);
      // pg-boss keeps an existing queue's options as they were made: the code's and the
      // configuration's (JOBS_*) take over on every start.
      await boss.updateQueue(name, settings);
    },

    async send(name, data, { key, startAfter: asked, tx } = {}) {
      // Under a test clock a job sent in the app's transaction would be stamped with the database's
      // real now(), which the test clock does not move: it starts at the test clock's now instead.
      const startAfter = asked ?? (isTestClock(clock) ? clock.now() : undefined);
      const id = await boss.send(name, data, {
        ...(key ? { id: jobIdFor(key), singletonKey: key } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(tx ? { db: asBossDb(tx) } : {}),
      });
      if (id) wakeIfDue(name, startAfter, tx);
      return id;
    },

    async sendMany(name, many, { tx } = {}) {
      if (many.length === 0) return;
      // As send: under a test clock, a job without its own start starts at the test clock's now.
      const now = isTestClock(clock) ? clock.now() : undefined;
      // One job per key, the first (pg-boss refuses a batch naming one id twice).
      const firsts = new Map<string, (typeof many)[number]>();
      for (const job of many) if (!firsts.has(job.key)) firsts.set(job.key, job);
      const jobs = [...firsts.values()].map(({ data, key, startAfter = now }) => ({
        id: jobIdFor(key),
        singletonKey: key,
        data,
        ...(startAfter ? { startAfter } : {}),
      }));
      await boss.insert(name, jobs, tx ? { db: asBossDb(tx) } : {});
      wakeIfDue(name, new Date(Math.min(...jobs.map((job) => job.startAfter?.getTime() ?? 0))), tx);
    },

    async work<T>(
      name: string,
      handler: (job: QueuedJob<T>) => Promise<void>,
      { batchSize = 1, concurrency = 1, paced = false, inOrder = false }: WorkOptions = {},
    ) {
      const pace = paced ? options.pace : undefined;
      const turn =
        pace && ((job: JobWithMetadata<T>) => pace({ abandoned: job.signal, release: stopping.signal }));
      const workOptions = {
        batchSize,
        localConcurrency: concurrency,
        pollingIntervalSeconds,
        includeMetadata: true,
        perJobResults: true,
        // A backlog (many reminders due at once) drains without a poll's wait between batches.
        burstWhenBatchFull: true,
      } as const;
      const run = (job: JobWithMetadata<T>) => runOne(name, job, handler, log, turn, mailQueues.has(name));
      const workerId = await boss.work<T, JobResult[], typeof workOptions>(
        name,
        workOptions,
        async (jobs) => {
          if (!inOrder) return Promise.all(jobs.map(run));
          const results: JobResult[] = [];
          for (const job of [...jobs].sort((a, b) => +a.createdOn - +b.createdOn))
            results.push(await run(job));
          return results;
        },
      );
      workers.set(name, [...(workers.get(name) ?? []), workerId]);
    },

    async schedule(name, cron, data, { tz } = {}) {
      await boss.schedule(name, cron, data ?? null, tz ? { tz } : {});
    },

    async stop(timeoutMs = 10_000) {
      stopping.abort();
      // The PGlite instance belongs to the app, which closes it after this.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

type PgliteClient = import("@electric-sql/pglite").PGlite;

/** One queue's jobs now (the collect_jobs_* metrics). */
export type QueueCounts = {
  queue: string;
  /** Waiting to run: new, or failed and waiting for a retry (pg-boss's created and retry). */
  waiting: number;
  active: number;
  /** Failed their last attempt and wait for a retry (pg-boss's retry). */
  failed: number;
  /** Failed their last retry: nothing runs them again (pg-boss's failed, kept 7 days). */
  givenUp: number;
  /**
   * Seconds the longest-waiting job has waited: since it was due, or, for one waiting for a
   * retry, since it was made. 0 when none waits; one due later does not count.
   */
  oldestWaitingSeconds: number;
};

/**
 * Every queue's counts in one grouped query over pg-boss's tables (its index on name and state
 * serves it), in the database's clock (a test clock moves it). Throws before pg-boss has
 * installed its schema.
 */
export async function jobCounts(db: Db): Promise<QueueCounts[]> {
  const schema = sql.identifier(JOBS_SCHEMA);
  const { rows } = (await db.execute(sql`
    select q.name as queue,
      count(*) filter (where j.state in ('created', 'retry'))::int as waiting,
      count(*) filter (where j.state = 'active')::int as active,
      count(*) filter (where j.state = 'retry')::int as failed,
      count(*) filter (where j.state = 'failed')::int as given_up,
      coalesce(extract(epoch from ${schema}.job_now() - min(case
        when j.state = 'retry' then j.created_on
        when j.state = 'created' and j.start_after <= ${schema}.job_now() then j.start_after end)), 0)::float8 as oldest
    from ${schema}.queue q
    left join ${schema}.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
    group by q.name
    order by q.name`)) as unknown as {
    rows: {
      queue: string;
      waiting: number;
      active: number;
      failed: number;
      given_up: number;
      oldest: number;
    }[];
  };
  return rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    active: Number(row.active),
    failed: Number(row.failed),
    givenUp: Number(row.given_up),
    oldestWaitingSeconds: Math.max(0, Math.round(Number(row.oldest))),
  }));
}

/** The address a PostgreSQL Db's pool connects to (node-postgres keeps it in its options). */
export function postgresUrlOf(db: Db): string | undefined {
  return (db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
    ?.connectionString;
}

/**
 * pg-boss sends some work as one text `BEGIN; …; COMMIT;`. On PGlite's single connection, when a
 * statement in it fails the session stays in the aborted transaction until pg-boss's ROLLBACK
 * comes, and an app query queued meanwhile fails with "current transaction is aborted" (seen in
 * an experiment: docs/decisions/023-job-queue.md). Run through PGlite's own transaction(), the
 * block holds the connection until it has committed or rolled back.
 */
export function guardBlocks(adapter: IDatabase, client: PgliteClient): IDatabase {
  const execute = adapter.executeSql.bind(adapter);
  adapter.executeSql = async (text: string, values?: unknown[]) => {
    const block = values?.length ? null : /^\s*BEGIN;([\s\S]*?);?\s*COMMIT;?\s*$/i.exec(text);
    if (!block) return execute(text, values);
    const results = await client.transaction((tx) => tx.exec(block[1] ?? ""));
    return { rows: results.flatMap((result) => result.rows ?? []) };
  };
  return adapter;
}

/**
 * On PGlite the app and pg-boss share one connection, and a transaction holds it until it ends.
 * A send made in a transaction opened while the queue was still starting (or still making the
 * send's queue) waited for work that waited for that connection: for good (start-up.test.ts). So
 * there, until `made()` settles (the queue started and its queues made, or failed to), the app's
 * transactions wait before they open; single statements do not. Then a transaction opens as before.
 */
export function holdTransactionsUntil(db: Db, made: () => Promise<void>): void {
  const open = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db["transaction"]>) => {
    await made();
    return open(...args);
  }) as Db["transaction"];
}

async function runOne<T>(
  name: string,
  job: JobWithMetadata<T>,
  handler: (job: QueuedJob<T>) => Promise<void>,
  log: JobQueueOptions["log"],
  turn?: (job: JobWithMetadata<T>) => Promise<void>,
  sendsMail = false,
): Promise<JobResult> {
  try {
    await turn?.(job);
    await handler({
      id: job.id,
      name,
      data: job.data,
      key: job.singletonKey,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    });
    return { id: job.id, status: "completed" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The receiving server refused it (SMTP 5xx): the delivery is failed already (effects.ts
    // deliverOnce), and no retry would change the answer.
    if (sendsMail && isPermanentRefusal(error)) {
      log.warn({ queue: name, key: job.singletonKey }, "mail refused by the receiving server");
      return { id: job.id, status: "completed" };
    }
    log.warn({ queue: name, jobId: job.id, attempt: job.retryCount + 1, err: error }, "job failed");
    // No retry follows: the operator hears of it (its key names the delivery; never an address).
    if (sendsMail && job.retryCount >= job.retryLimit) {
      log.warn({ queue: name, key: job.singletonKey, attempts: job.retryCount + 1 }, "mail given up");
    }
    return { id: job.id, status: "failed", output: { message } };
  }
}

/**
 * The queue while pg-boss is still starting: every call waits for it. The app listens without
 * waiting for the queue (start-up in a second, docs/decisions/017-fast-start-up.md); a queue that fails to start
 * is logged and each later call fails with its error.
 *
 * A queue's creation is asked for as the app is built, but made in the background: a send or
 * worker for a queue being made waits until it is made. (A create with a payer email on a new
 * database answered 500, "Queue payer-mail does not exist", when it came before its queue.)
 */
export function startingJobQueue(
  starting: Promise<JobQueue>,
  log: JobQueueOptions["log"],
): JobQueue & { made(): Promise<void> } {
  starting.catch((error: unknown) => log.error({ err: error }, "job queue did not start"));
  const making = new Map<string, Promise<void>>();
  /** The queue, once `name` (if asked for) is made or its making has failed (logged by its caller). */
  const queueFor = async (name: string) => {
    const queue = await starting;
    await making.get(name)?.catch(() => {});
    return queue;
  };
  return {
    /** Settles once the queue has started and every queue asked for so far is made (or either failed). */
    made: async () => {
      await starting.catch(() => {});
      await Promise.allSettled(making.values());
    },
    createQueue: (name, policy) => {
      const made = starting.then((queue) => queue.createQueue(name, policy));
      making.set(name, made);
      return made;
    },
    send: async (name, ...args) => (await queueFor(name)).send(name, ...args),
    sendMany: async (name, ...args) => (await queueFor(name)).sendMany(name, ...args),
    work: async (name, ...args) => (await queueFor(name)).work(name, ...args),
    schedule: async (name, ...args) => (await queueFor(name)).schedule(name, ...args),
    stop: async (...args) => {
      const queue = await starting.catch(() => null);
      await queue?.stop(...args);
    },
  };
}
