import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createLimiter, openCounterStore } from "#server/limiter/limiter.ts";
import {
  as,
  createReadyUser,
  createUser,
  freshDatabase,
  nextIp,
  signIn,
  TEST_ORIGIN,
  testConfig,
} from "#server/test/harness.ts";
import { buildApp } from "./app";
import { LIMITS, type LimitName } from "./limits";

const names = Object.keys(LIMITS) as LimitName[];

describe("the limits table", () => {
  it("is the only place a limit is counted: nothing else calls the counters directly", () => {
    const root = path.join(import.meta.dirname);
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith(".test.ts"))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    const direct = files.filter(
      (file) =>
        !["db/counters.ts", "limiter/limiter.ts"].includes(file) &&
        /\b(allowanceWait|countInWindow)\(/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(direct).toEqual([]);
  });

  it("is docs/limits.md's Limits table: every counted limit there, with its maximum", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "../../docs/limits.md"), "utf8");
    const rows = new Map(
      [...readme.matchAll(/^\| `(\w+)` +\| [^|]+\| ([\d,]+)( MiB)? /gm)].map((m) => [
        m[1],
        Number(m[2]?.replace(/,/g, "")) * (m[3] ? 1024 * 1024 : 1),
      ]),
    );
    for (const name of names) expect(rows.get(name), name).toBe(LIMITS[name].max);
  });

  it("gives every counted limit a positive max and window, and a message or a reason to be silent", () => {
    for (const name of names) {
      const limit: { max: number; windowMs: number; message: string | null } = LIMITS[name];
      expect(limit.max, name).toBeGreaterThan(0);
      expect(limit.windowMs, name).toBeGreaterThanOrEqual(60_000);
      if (limit.message === null)
        expect([
          "resetMail",
          "signUpNotice",
          "payerMailPerPair",
          "payerMailPerRecipient",
          "payerMailNewRecipients",
          "payerMailPerHour",
          "notificationMail",
        ]).toContain(name);
    }
  });
});

describe("RATE_LIMITS=false turns every counted limit off", () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await freshDatabase("pglite");
    app = await buildApp(testConfig({ rateLimits: false }), { database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("counts nothing for any limit of the table", async () => {
    const limiter = createLimiter(await openCounterStore({ db: database.db }, app.log), {
      enabled: false,
      log: app.log,
    });
    for (const name of names) {
      // Past the maximum in one count (bytes limits count bytes), then once more.
      expect(await limiter.wait(name, "someone", undefined, LIMITS[name].max + 1), name).toBe(0);
      expect(await limiter.wait(name, "someone"), name).toBe(0);
    }
  });

  it("refuses none of the routes past their limits: writes, uploads, pay-page misses, claims, sign-ins", async () => {
    const user = await createReadyUser(app);
    for (let i = 0; i <= LIMITS.uploadQuota.max; i++) {
      expect((await as(app, user)("POST", "/api/profile/photo/upload")).statusCode).toBe(200);
    }
    const ip = nextIp();
    for (let i = 0; i <= LIMITS.payPageMiss.max; i++) {
      const miss = await app.inject({ url: "/api/payment-screen/ZZZZZZZZ", remoteAddress: ip });
      expect(miss.statusCode).toBe(404);
    }
    const created = await as(app, user)("POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "5.00",
    });
    const code = created.json().request.shortUrl.split("/").pop();
    for (let i = 0; i <= LIMITS.claimPerRequest.max; i++) {
      const claim = await app.inject({
        method: "POST",
        url: `/api/payment-screen/${code}/claim`,
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { via: "venmo" },
      });
      expect(claim.statusCode, claim.body).toBe(204);
    }
    const target = await createUser(app);
    for (let i = 0; i <= LIMITS.passwordPerAddress.max; i++) {
      expect((await signIn(app, target.email, "wrong password!", ip)).statusCode).toBe(401);
    }
    expect((await signIn(app, target.email, target.password, ip)).statusCode).toBe(200);
  });
});
