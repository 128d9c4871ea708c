import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createHashQueue } from "#server/auth/hash-queue.ts";
import { createClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { type Config, loadConfig } from "#server/env.ts";
import { packageVersion } from "#server/lib/build-info.ts";
import { jobIdFor, startJobQueue } from "#server/queue/queue.ts";
import { databaseKinds, freshDatabase, nextIp, testConfig, until } from "#server/test/harness.ts";

const TOKEN = "metrics-token-0123456789";
const opened: { app: FastifyInstance; database: Database }[] = [];
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.close();
  }
});

const hashQueue = createHashQueue({ concurrency: 1 });

async function start(overrides: Partial<Config> = {}) {
  const database = await freshDatabase("pglite");
  const app = await buildApp(testConfig(overrides), { database, hashQueue });
  opened.push({ app, database });
  return app;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const scrape = (app: FastifyInstance, authorization?: string) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("metrics", () => {
  it("are off by default", async () => {
    const app = await start();
    expect((await scrape(app)).statusCode).toBe(404);
    expect((await scrape(app, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it("behind METRICS_TOKEN: count a request by its route pattern, never the raw URL", async () => {
    const app = await start({ metrics: { port: undefined, host: undefined, token: TOKEN } });
    expect((await scrape(app)).statusCode).toBe(404);
    expect((await scrape(app, "Bearer wrong")).statusCode).toBe(404);

    const code = "Zq9xK2mP";
    const screen = await app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    expect(screen.statusCode).toBe(404);
    // One hash running, three waiting for their turn.
    let finish = () => {};
    const running = new Promise<void>((resolve) => (finish = resolve));
    const queued = Array.from({ length: 4 }, () => hashQueue.run(() => running));

    const response = await scrape(app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/payment-screen\/:code",status_code="404"\} 1\n/,
    );
    expect(text).not.toContain(code);
    expect(text).toMatch(/pay_page_view_cache_lookups_total\{result="miss"\} 1\n/);
    expect(text).toMatch(/password_hash_queue_length 3\n/);
    expect(text).toMatch(/process_cpu_user_seconds_total/);
    finish();
    await Promise.all(queued);
  });

  it("name what an operator alerts on: open streams, the LISTEN connection, failing dependencies, the version", async () => {
    const database = await freshDatabase("pglite");
    const app = await buildApp(testConfig({ metrics: { port: undefined, host: undefined, token: TOKEN } }), {
      database,
      hashQueue,
      version: "9.8.7",
    });
    opened.push({ app, database });
    const before = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(before).toMatch(/event_streams_open 0\n/);
    expect(before).toMatch(/db_listen_connected 1\n/);
    expect(before).toMatch(
      new RegExp(
        `collect_build_info\\{version="9.8.7",commit="unknown",node="${process.versions.node}"\\} 1\n`,
      ),
    );
    const failures = (text: string) =>
      Number(text.match(/dependency_errors_total\{dependency="object storage"\} (\d+)/)?.[1] ?? Number.NaN);
    expect(failures(before)).toBe(0);
  });

  // collect_build_info said "0.1.0" or "unknown" by the working folder, and no commit at all: which
  // build a process runs could not be told from its metrics.
  it("collect_build_info carries package.json's version and the commit of the build (COLLECT_COMMIT)", async () => {
    const version = packageVersion();
    const packageJson = readFileSync(path.join(import.meta.dirname, "../../../package.json"), "utf8");
    expect(version).toBe((JSON.parse(packageJson) as { version: string }).version);
    const { commit } = loadConfig({ COLLECT_COMMIT: "4f2c9e1d0b7a" });
    expect(commit).toBe("4f2c9e1d0b7a");
    expect(() => loadConfig({ COLLECT_COMMIT: 'x"} 1' })).toThrow(/^Invalid configuration: COLLECT_COMMIT /);

    const database = await freshDatabase("pglite");
    const app = await buildApp(
      testConfig({ metrics: { port: undefined, host: undefined, token: TOKEN }, commit }),
      { database, hashQueue, version },
    );
    opened.push({ app, database });
    expect((await scrape(app, `Bearer ${TOKEN}`)).body).toContain(
      `collect_build_info{version="${version}",commit="4f2c9e1d0b7a",node="${process.versions.node}"} 1\n`,
    );
  });

  it("an object storage outage is named as such (503, its own log line and counter), not as the database", async () => {
    const database = await freshDatabase("pglite");
    const logs: string[] = [];
    const app = await buildApp(
      testConfig({
        metrics: { port: undefined, host: undefined, token: TOKEN },
        logLevel: "warn",
        // Nobody listens there: every S3 call fails to connect.
        s3: {
          endpoint: `http://127.0.0.1:${await freePort()}`,
          bucket: "photos",
          region: "us-east-1",
          accessKeyId: "key",
          secretAccessKey: "secret",
        },
      }),
      { database, hashQueue, logStream: { write: (line: string) => void logs.push(line) } },
    );
    opened.push({ app, database });
    const failures = async () =>
      Number(
        (await scrape(app, `Bearer ${TOKEN}`)).body.match(
          /dependency_errors_total\{dependency="object storage"\} (\d+)/,
        )?.[1],
      );
    const before = await failures();
    const photo = await app.inject({
      url: "/objects/uploads/ownertag01/00000000-0000-4000-8000-000000000000",
    });
    expect(photo.statusCode).toBe(503);
    expect(photo.json()).toEqual({ message: "Service temporarily unavailable. Please try again." });
    expect(await failures()).toBe(before + 1);
    const lines = logs.map((line) => JSON.parse(line) as { msg: string });
    expect(lines.some((line) => line.msg === "object storage unavailable")).toBe(true);
    expect(lines.some((line) => line.msg === "database unavailable")).toBe(false);
  }, 30_000);

  it("on METRICS_PORT: served by their own listener, not by the app", async () => {
    const port = await freePort();
    const app = await start({ metrics: { port, host: undefined, token: undefined } });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await scrape(app)).statusCode).toBe(404);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1\n/,
    );
  });

  it("on METRICS_PORT: listen on loopback even when the app listens everywhere (no token guards them)", async () => {
    const port = await freePort();
    await start({ host: "0.0.0.0", metrics: { port, host: undefined, token: undefined } });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    // 127.0.0.2 is loopback too, but only a listener on every interface answers it.
    await expect(fetch(`http://127.0.0.2:${port}/metrics`)).rejects.toThrow();
  });
});

describe.each(databaseKinds)("job queue metrics [%s]", (kind) => {
  it("per queue: waiting, running, failed and waiting for a retry, given up, and the longest wait", async () => {
    const database = await freshDatabase(kind);
    const app = await buildApp(testConfig({ metrics: { port: undefined, host: undefined, token: TOKEN } }), {
      database,
      hashQueue,
    });
    opened.push({ app, database });
    const queue = await startJobQueue({
      db: database.db,
      kind,
      log: { warn: () => {}, error: () => {} },
      clock: createClock(),
    });
    try {
      await queue.createQueue("probe");
      const later = new Date(Date.now() + 3_600_000);
      for (const key of ["due", "retrying", "running", "given-up"]) await queue.send("probe", {}, { key });
      await queue.send("probe", {}, { key: "later", startAfter: later });
      // As they would stand mid-outage: one due for 30 s, one failed and waiting for its retry
      // since it was made 90 s ago, one running, one given up, one due in an hour.
      const set = (key: string, change: ReturnType<typeof sql>) =>
        database.db.execute(
          sql`update pgboss.job set ${change} where name = 'probe' and id = ${jobIdFor(key)}::uuid`,
        );
      await set("due", sql`start_after = now() - interval '30 seconds'`);
      await set(
        "retrying",
        sql`state = 'retry', retry_count = 1, created_on = now() - interval '90 seconds', start_after = now() + interval '1 minute'`,
      );
      await set("running", sql`state = 'active', started_on = now()`);
      await set("given-up", sql`state = 'failed', completed_on = now()`);

      const metrics = async () => (await scrape(app, `Bearer ${TOKEN}`)).body;
      const value = (text: string, name: string, queueName = "probe") =>
        Number(text.match(new RegExp(`${name}\\{queue="${queueName}"\\} ([\\d.]+)`))?.[1] ?? Number.NaN);
      const text = await metrics();
      expect(value(text, "collect_jobs_waiting")).toBe(3);
      expect(value(text, "collect_jobs_active")).toBe(1);
      expect(value(text, "collect_jobs_failed")).toBe(1);
      expect(value(text, "collect_jobs_given_up")).toBe(1);
      const oldest = value(text, "collect_jobs_oldest_waiting_seconds");
      expect(oldest).toBeGreaterThanOrEqual(89);
      expect(oldest).toBeLessThan(150);
      // A queue with nothing waiting says 0, not nothing (the app's own, once made).
      await until(async () => /collect_jobs_waiting\{queue="account-mail"\} 0\n/.test(await metrics()));
      expect(await metrics()).toMatch(/collect_jobs_given_up\{queue="payer-mail"\} 0\n/);
    } finally {
      await queue.stop();
    }
  });
});
