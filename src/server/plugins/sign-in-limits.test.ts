import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { buildApp } from "../app";
import { createHashQueue } from "../lib/hash-queue";
import { PRODUCTION_HASH_COST } from "../lib/password";
import { createUser, describeEachDatabase, nextIp, signIn, TEST_ORIGIN, testConfig } from "../test/harness";
import { lockMs } from "./sign-in-limits";

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

describeEachDatabase("a full hash queue", (ctx) => {
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
