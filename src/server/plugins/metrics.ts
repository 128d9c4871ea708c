import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "#server/db/client.ts";
import type { Config } from "#server/env.ts";
import { failureCounts } from "#server/lib/dependencies.ts";
import { policyOutcomes } from "#server/mail/policy.ts";
import { jobCounts, type QueueCounts } from "#server/queue/queue.ts";

/**
 * Prometheus metrics, off unless METRICS_PORT or METRICS_TOKEN is set: request count and
 * latency by route pattern (never the raw URL) and status, the database pool, the pay-page
 * view cache, the hash queue, the job queue (collect_jobs_*, by queue), and the process. Per
 * request it costs one histogram observation in onResponse; everything else is read at scrape time. Served on METRICS_PORT (its own
 * listener, on loopback unless METRICS_HOST says otherwise: it has no token) or at /metrics behind `Authorization: Bearer METRICS_TOKEN`.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: {
    config: Pick<Config, "metrics" | "commit">;
    db: Db;
    /** The pay page's view cache (routes/pay): its lookups are counted as hits and misses. */
    viewCache: { get(code: string): unknown };
    /** Password hashes waiting for their turn (auth/hash-queue.ts), read at scrape time. */
    hashQueue: { load: { waiting: number } };
    /** The limits' shared counters (limiter/limiter.ts): failed hits mean limits are letting calls through. */
    limitStore: { kind: string; errors(): number };
    /** Open event streams (routes/events), read at scrape time. */
    eventStreams: () => number;
    /** Whether this process's LISTEN connection is up (live updates and cache invalidations ride it). */
    listening: () => boolean;
    version: string;
  },
): Promise<void> {
  const settings = options.config.metrics;
  if (!settings) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by route pattern; its _count is the request count",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(unmatched)",
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const pool = (options.db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect: function () {
          this.set(read());
        },
      });
    poolGauge("db_pool_connections", "Open connections to PostgreSQL", () => pool.totalCount);
    poolGauge("db_pool_idle_connections", "Idle connections to PostgreSQL", () => pool.idleCount);
    poolGauge("db_pool_waiting_queries", "Queries waiting for a connection", () => pool.waitingCount);
  }

  const lookups = new Counter({
    name: "pay_page_view_cache_lookups_total",
    help: "Public payment view cache lookups, by result",
    labelNames: ["result"],
    registers: [registry],
  });
  const get = options.viewCache.get;
  options.viewCache.get = (code) => {
    const view = get(code);
    lookups.inc({ result: view ? "hit" : "miss" });
    return view;
  };

  new Gauge({
    name: "password_hash_queue_length",
    help: "Password hashes waiting for a worker",
    registers: [registry],
    collect() {
      this.set(options.hashQueue.load.waiting);
    },
  });

  const storeErrors = new Counter({
    name: "limit_store_errors_total",
    help: "Limit counter hits that failed (limits then let the call through)",
    labelNames: ["store"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ store: options.limitStore.kind }, options.limitStore.errors());
    },
  });
  storeErrors.inc({ store: options.limitStore.kind }, 0);

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("event_streams_open", "Open live-update streams (Server-Sent Events)", options.eventStreams);
  gauge(
    "db_listen_connected",
    "1 while the LISTEN connection is up, 0 while it is being re-established",
    () => (options.listening() ? 1 : 0),
  );
  const dependencyErrors = new Counter({
    name: "dependency_errors_total",
    help: "Failed calls to a dependency other than the database, by dependency",
    labelNames: ["dependency"],
    registers: [registry],
    collect() {
      this.reset();
      for (const dependency of ["object storage", "mail", "push"] as const)
        this.inc({ dependency }, failureCounts().get(dependency) ?? 0);
    },
  });
  dependencyErrors.inc({ dependency: "mail" }, 0);
  // What the outbound mail policy decided (mail/policy.ts): allowed, deferred past the hourly
  // ceiling, or refused, by reason. A rise in refusals is abuse held back; deferrals mean
  // MAIL_MAX_PER_HOUR is reached and mail is waiting.
  new Counter({
    name: "collect_mail_policy_total",
    help: "Emails the outbound mail policy decided, by outcome (allowed, deferred, or the refusal's reason)",
    labelNames: ["outcome"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: "allowed" }, 0);
      for (const [outcome, count] of policyOutcomes()) this.inc({ outcome }, count);
    },
  });

  // The job queue, by queue: read from pg-boss's tables at scrape time, in one grouped query that
  // these gauges share (queue/queue.ts jobCounts). None before the queue has installed its schema.
  let reading: Promise<QueueCounts[]> | undefined;
  const countsNow = () => {
    // A scrape collects every gauge at once: they share the query in flight.
    reading ??= jobCounts(options.db)
      .catch(() => [])
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const jobGauge = (name: string, help: string, read: (counts: QueueCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const counts of await countsNow()) this.set({ queue: counts.queue }, read(counts));
      },
    });
  jobGauge("collect_jobs_waiting", "Jobs waiting to run: new, or waiting for a retry", (c) => c.waiting);
  jobGauge("collect_jobs_active", "Jobs running now", (c) => c.active);
  jobGauge("collect_jobs_failed", "Jobs whose last attempt failed, waiting for a retry", (c) => c.failed);
  jobGauge(
    "collect_jobs_given_up",
    "Jobs that failed their last retry (kept 7 days; npm run mail:retry sends mail again)",
    (c) => c.givenUp,
  );
  jobGauge(
    "collect_jobs_oldest_waiting_seconds",
    "How long the longest-waiting job has waited (since due; a retry since it was made)",
    (c) => c.oldestWaitingSeconds,
  );
  // The version is package.json's (main.ts), the commit the build's (COLLECT_COMMIT: the
  // Containerfile's build argument), "unknown" when none was given.
  new Gauge({
    name: "collect_build_info",
    help: "Always 1: the running version, the source commit it was built from, and Node",
    labelNames: ["version", "commit", "node"],
    registers: [registry],
  }).set(
    { version: options.version, commit: options.config.commit ?? "unknown", node: process.versions.node },
    1,
  );

  const answer = async () => ({ type: registry.contentType, body: await registry.metrics() });
  if (settings.token) {
    const digest = (text: string) => createHash("sha256").update(text).digest();
    const expected = digest(`Bearer ${settings.token}`);
    app.get("/metrics", async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected))
        return reply.status(404).send({ message: "Not found" });
      const { type, body } = await answer();
      return reply.header("content-type", type).header("cache-control", "no-store").send(body);
    });
  }
  if (settings.port) {
    const server = http.createServer((request, response) => {
      if (request.url !== "/metrics") return void response.writeHead(404).end();
      answer().then(
        ({ type, body }) => response.writeHead(200, { "content-type": type }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(settings.port, settings.host ?? "127.0.0.1", resolve);
    });
    app.addHook("onClose", async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  }
}
