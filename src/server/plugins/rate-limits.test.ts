import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, RouteOptions } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { countInWindow } from "#server/db/counters.ts";
import type { Config } from "#server/env.ts";
import { LIMITS } from "#server/limits.ts";
import { as, createReadyUser, databaseKinds, freshDatabase, testConfig } from "#server/test/harness.ts";
import { WRITE_LIMITS } from "./rate-limits";

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const maxOf = (route: string) => WRITE_LIMITS[route]?.max ?? Number.NaN;
const REQUEST = { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "5.00" };

/** Two app instances (as two processes would be) on one database, counters in it or in Redis. */
const setups: { name: string; kind: (typeof databaseKinds)[number]; redisUrl?: string }[] = [
  ...databaseKinds.map((kind) => ({ name: `database ${kind}`, kind })),
  ...(REDIS_URL ? [{ name: "redis", kind: "pglite" as const, redisUrl: REDIS_URL }] : []),
];

describe.each(setups)("write rate limits shared by two app instances [$name]", (setup) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const routes: RouteOptions[] = [];
  // One prefix per run: Redis keys of earlier runs never count here.
  const redisPrefix = `collect-test:${randomUUID()}:`;
  const redis = setup.redisUrl ? new Redis(setup.redisUrl) : null;
  beforeAll(async () => {
    database = await freshDatabase(setup.kind);
    const config = (overrides: Partial<Config> = {}) =>
      testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-limits-")), ...overrides });
    // The counts are what this file checks; failing open on a slow answer is tests/resilience/redis-outage's.
    const redisCommandTimeoutMs = 5_000;
    first = await buildApp(config({ redisUrl: setup.redisUrl }), {
      database,
      redisPrefix,
      redisCommandTimeoutMs,
      onRoute: (route) => routes.push(route),
    });
    second = await buildApp(config({ redisUrl: setup.redisUrl }), {
      database,
      redisPrefix,
      redisCommandTimeoutMs,
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    redis?.disconnect();
  });

  it("lets a person create 60 requests a minute across both instances, then answers 429 {message}", async () => {
    const user = await createReadyUser(first);
    for (let i = 0; i < maxOf("POST /api/payment-requests"); i++) {
      const response = await as(i % 2 ? second : first, user)("POST", "/api/payment-requests", REQUEST);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers["ratelimit-limit"]).toBe("60");
      expect(response.headers["ratelimit-remaining"]).toBe(String(59 - i));
      expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
    }
    for (const app of [first, second]) {
      const refused = await as(app, user)("POST", "/api/payment-requests", REQUEST);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
        code: "rate_limited",
      });
      expect(refused.headers["ratelimit-remaining"]).toBe("0");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    // Nothing refused was written.
    const listed = await as(first, user)("GET", "/api/payment-requests/summary");
    expect(listed.json().count).toBe(60);
    // The count is per user: someone else is unaffected.
    const other = await createReadyUser(second);
    expect((await as(first, other)("POST", "/api/payment-requests", REQUEST)).statusCode).toBe(201);
    // Other routes have their own counters.
    expect(
      (await as(second, user)("POST", "/api/payees", { name: "Sam", phone: "2125550101" })).statusCode,
    ).toBe(200);
  });

  it("limits upload links per minute, and per hour with a quota", async () => {
    const user = await createReadyUser(first);
    const max = maxOf("POST /api/profile/photo/upload");
    for (let i = 0; i < max; i++) {
      const response = await as(i % 2 ? second : first, user)("POST", "/api/profile/photo/upload");
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await as(first, user)("POST", "/api/profile/photo/upload");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);

    // The hourly quota: another user who has already used it up this hour.
    const heavy = await createReadyUser(first);
    const id = (await as(first, heavy)("GET", "/api/auth/user")).json().id as string;
    if (redis) {
      await redis.set(
        `${redisPrefix}uploadQuota:${id}`,
        LIMITS.uploadQuota.max,
        "PX",
        LIMITS.uploadQuota.windowMs,
      );
    } else {
      for (let i = 0; i < LIMITS.uploadQuota.max; i++)
        await countInWindow(database.db, `collect:limit:uploadQuota:${id}`, LIMITS.uploadQuota.windowMs);
    }
    // better-auth prunes every row of its own rate_limit table older than its 60 s window; as
    // if a minute had passed, which left the hourly quota at nothing before Collect's counters
    // had their own table (30 upload links in 2 minutes).
    await database.db.execute(sql`DELETE FROM rate_limit WHERE last_request < ${Date.now() + 61_000}`);
    const overQuota = await as(second, heavy)("POST", "/api/profile/photo/upload");
    expect(overQuota.statusCode, overQuota.body).toBe(429);
    expect(overQuota.json().message).toMatch(
      /^You have asked for 20 photo uploads this hour\. Please try again in /,
    );
    expect(Number(overQuota.headers["retry-after"])).toBeGreaterThan(60);
  });

  it("limits the CSV export, reminders and contacts, and every other signed-in write", async () => {
    const user = await createReadyUser(first);
    const exported = await as(first, user)("GET", "/api/payment-requests/export.csv");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["ratelimit-limit"]).toBe("10");
    // "Download my data" had no limit: 12 in a row were all answered (the 11th is refused now).
    const downloads = [];
    for (let i = 0; i < 11; i++)
      downloads.push((await as(first, user)("GET", "/api/account/export")).statusCode);
    expect(downloads).toEqual([...Array(10).fill(200), 429]);
    const created = await as(first, user)("POST", "/api/payment-requests", REQUEST);
    const remind = await as(first, user)("POST", `/api/payment-requests/${created.json().request.id}/remind`);
    expect(remind.headers["ratelimit-limit"], remind.body).toBe("30");
    const contact = await as(second, user)("POST", "/api/payees", { name: "Sam", phone: "2125550102" });
    expect(contact.headers["ratelimit-limit"]).toBe("60");
    const profile = await as(second, user)("PUT", "/api/auth/profile", { profileName: "Me" });
    expect(profile.headers["ratelimit-limit"], profile.body).toBe("120");
    // Reads and public pages are not limited here.
    expect(
      (await as(first, user)("GET", "/api/payment-requests")).headers["ratelimit-limit"],
    ).toBeUndefined();
    expect((await as(first, null)("GET", "/healthz")).headers["ratelimit-limit"]).toBeUndefined();
    // Every limited route exists (a renamed route must not lose its limit silently).
    const registered = new Set(routes.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`)));
    for (const route of Object.keys(WRITE_LIMITS)) expect(registered, route).toContain(route);
  });
});

describe("RATE_LIMITS=false (load tests only)", () => {
  it("adds no limit and no header", async () => {
    const database = await freshDatabase("pglite");
    const app = await buildApp(testConfig({ rateLimits: false }), { database });
    try {
      const user = await createReadyUser(app);
      const response = await as(app, user)("POST", "/api/payment-requests", REQUEST);
      expect(response.statusCode).toBe(201);
      expect(response.headers["ratelimit-limit"]).toBeUndefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
