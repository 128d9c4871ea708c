import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createHashQueue } from "#server/auth/hash-queue.ts";
import { PRODUCTION_HASH_COST } from "#server/auth/password.ts";
import {
  as,
  createUser,
  describeEachDatabase,
  nextIp,
  signIn,
  TEST_ORIGIN,
  testConfig,
} from "#server/test/harness.ts";
import { DEVICE_COOKIE, lockMs } from "./sign-in-limits";

const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers["retry-after"]);

it("locks an account for longer after each further failure, up to an hour", () => {
  expect([0, 4, 5, 6, 7, 20].map(lockMs)).toEqual([0, 0, 30_000, 60_000, 120_000, 3_600_000]);
});

describeEachDatabase("sign-in limits", (ctx) => {
  it("locks an account after five failed sign-ins from any IPs, with Retry-After", async () => {
    const user = await createUser(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(ctx.app, user.email, "wrong password!")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const locked = await signIn(ctx.app, user.email.toUpperCase(), "wrong password!");
    expect(locked.statusCode).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(25);
    expect(retryAfter(locked)).toBeLessThanOrEqual(30);
    expect(locked.json().message).toMatch(/^Too many failed sign-ins for this account\. .* 30 seconds\.$/);
    // Not even the right password is checked while locked; other accounts are not affected.
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(429);
    const other = await createUser(ctx.app);
    expect((await signIn(ctx.app, other.email, other.password)).statusCode).toBe(200);
  });

  it("clears the count on a successful sign-in", async () => {
    const user = await createUser(ctx.app);
    for (let i = 0; i < 4; i++)
      expect((await signIn(ctx.app, user.email, "wrong password!")).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signIn(ctx.app, user.email, "wrong password!")).statusCode).toBe(401);
  });

  it("counts parallel guesses before checking any of them", async () => {
    const user = await createUser(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn(ctx.app, user.email, "wrong password!")),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("sends the standard Retry-After on better-auth's per-IP 429", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await signIn(ctx.app, `nobody-${i}@example.com`, "wrong password!", ip);
      statuses.push(last.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter(last as NonNullable<typeof last>)).toBeGreaterThan(0);
    expect(last?.json()).toHaveProperty("message");
  });

  // On the same app and database as the limits above: each test has its own users and addresses.
  describe("known devices and password oracles", () => {
    const signInWith = (email: string, password: string, cookie?: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/identity/sign-in/email",
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        payload: { email, password },
      });
    const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
      const found = response.cookies.find((c) => c.name === DEVICE_COOKIE);
      return found ? `${DEVICE_COOKIE}=${found.value}` : undefined;
    };

    it("does not lock out a device that signed in before when strangers guess the password", async () => {
      const user = await createUser(ctx.app);
      const device = deviceCookieOf(await signInWith(user.email, user.password));
      expect(device).toBeDefined();
      for (let i = 0; i < 6; i++) await signIn(ctx.app, user.email, "wrong password!");
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(429);
      expect((await signInWith(user.email, user.password, device)).statusCode).toBe(200);
      // The device's cookie is for that account only, and a forged one is a stranger's.
      expect(
        (await signInWith(user.email, user.password, `${DEVICE_COOKIE}=${"A".repeat(22)}.forged`)).statusCode,
      ).toBe(429);
      const other = await createUser(ctx.app);
      for (let i = 0; i < 6; i++) await signIn(ctx.app, other.email, "wrong password!");
      expect((await signInWith(other.email, other.password, device)).statusCode).toBe(429);
    });

    it("counts change-password and delete-account checks on the account's budget", async () => {
      const user = await createUser(ctx.app);
      const call = as(ctx.app, user);
      for (let i = 0; i < 3; i++) {
        const wrong = await call("POST", "/api/account/password", {
          currentPassword: "not my password",
          newPassword: "another horse battery",
        });
        expect(wrong.statusCode, wrong.body).toBe(400);
      }
      for (let i = 0; i < 2; i++)
        expect((await call("DELETE", "/api/account", { password: "not my password" })).statusCode).toBe(400);
      // Five wrong answers: even the right one is not checked now, through either route.
      const locked = await call("POST", "/api/account/password", {
        currentPassword: user.password,
        newPassword: "another horse battery",
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/^Too many failed sign-ins for this account/);
      expect((await call("DELETE", "/api/account", { password: user.password })).statusCode).toBe(429);
      // The same budget as signing in from this browser (a known device: its own lock).
      expect((await signInWith(user.email, user.password, user.cookie)).statusCode).toBe(429);
    });
  });

  describe("a full hash queue", () => {
    it("answers 503 with Retry-After instead of queueing without bound (production cost)", async () => {
      const app = await buildApp(
        testConfig({
          dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-queue-")),
          passwordHash: PRODUCTION_HASH_COST,
        }),
        { database: ctx.database, hashQueue: createHashQueue({ concurrency: 1, maxWaiting: 1 }) },
      );
      try {
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            app.inject({
              method: "POST",
              url: "/api/identity/sign-up/email",
              remoteAddress: nextIp(),
              headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
              payload: { email: `queue-${i}@example.com`, password: "correct horse battery", name: "" },
            }),
          ),
        );
        const busy = answers.filter((a) => a.statusCode === 503);
        expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(2);
        expect(busy.length).toBeGreaterThanOrEqual(1);
        for (const answer of busy) {
          expect(retryAfter(answer)).toBeGreaterThan(0);
          expect(answer.json().message).toMatch(/try again/);
        }
      } finally {
        await app.close();
      }
    });
  });
});

describeEachDatabase(
  "sign-in ceiling",
  (ctx) => {
    it("refuses sign-ins and sign-ups from everyone past the ceiling, with Retry-After", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await signIn(ctx.app, `ceiling-${i}@example.com`, "wrong password!")).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);
      const over = await signIn(ctx.app, "ceiling-9@example.com", "wrong password!");
      expect(over.statusCode).toBe(429);
      expect(retryAfter(over)).toBeGreaterThan(0);
      await expect(createUser(ctx.app)).rejects.toThrow(/sign-up failed: 429/);
    });
  },
  { signInCeilingPerMinute: 3 },
);

describeEachDatabase(
  "one address cannot use up what others share",
  (ctx) => {
    it("counts the ceiling only for attempts past the per-address limit: another address still signs in", async () => {
      const attacker = nextIp();
      const user = await createUser(ctx.app);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await signIn(ctx.app, `flood-${i}@example.com`, "wrong password!", attacker)).statusCode,
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
      // The ceiling (20 a minute here) saw 10 of the 30, plus one sign-up: others are served.
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
      await expect(createUser(ctx.app)).resolves.toHaveProperty("cookie");
    });
  },
  { signInCeilingPerMinute: 20 },
);
