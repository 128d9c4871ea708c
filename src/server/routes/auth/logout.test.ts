import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { SessionUser } from "#server/auth/auth.ts";
import { createSessionMemo } from "#server/auth/session-memo.ts";
import {
  as,
  cookieFrom,
  createReadyUser,
  createUser,
  describeEachDatabase,
  testConfig,
  until,
} from "#server/test/harness.ts";

const write = (app: FastifyInstance, user: Parameters<typeof as>[1]) =>
  as(app, user)("PUT", "/api/auth/profile", { profileName: "Still Me", firstName: null, lastName: null });

const logoutGet = (app: FastifyInstance, cookie: string, site?: string) =>
  app.inject({
    method: "GET",
    url: "/api/logout",
    headers: { cookie, ...(site ? { "sec-fetch-site": site } : {}) },
  });

describeEachDatabase("sign-out", (ctx) => {
  it("does not end the session on a navigation from another site: it asks instead", async () => {
    const user = await createUser(ctx.app);
    for (const site of ["cross-site", "same-site"]) {
      const response = await logoutGet(ctx.app, user.cookie, site);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/sign-out");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect((await write(ctx.app, user)).statusCode).toBe(200);
    // Typed, bookmarked or same-origin: signed out.
    const own = await logoutGet(ctx.app, user.cookie, "same-origin");
    expect(own.headers.location).toBe("/");
    expect(cookieFrom(own)).toMatch(/session_token=(;|$)/);
    expect((await write(ctx.app, user)).statusCode).toBe(401);
  });

  it("signs out with POST from the app, refused cross-site", async () => {
    const user = await createUser(ctx.app);
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await write(ctx.app, user)).statusCode).toBe(200);
    const response = await as(ctx.app, user)("POST", "/api/logout");
    expect(response.statusCode).toBe(204);
    expect(cookieFrom(response)).toMatch(/session_token=(;|$)/);
    // At once in this process, though the token was remembered a moment ago.
    expect((await write(ctx.app, user)).statusCode).toBe(401);
  });

  it("refuses a signed-out session's next write on another process once its memo lapses", async () => {
    // The memo's lifetime is 5 s in production (session-memo.test.ts); a short one here, so the
    // test shows the lapse without waiting for it.
    const ttlMs = 500;
    const other = await buildApp(testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-b-")) }), {
      database: ctx.database,
      sessionMemo: createSessionMemo<SessionUser>({ ttlMs }),
    });
    try {
      const user = await createReadyUser(ctx.app);
      expect((await write(other, user)).statusCode).toBe(200); // remembered on B now
      expect((await as(ctx.app, user)("POST", "/api/logout")).statusCode).toBe(204);
      const signedOut = Date.now();
      await until(async () => (await write(other, user)).statusCode === 401, 8_000);
      expect(Date.now() - signedOut).toBeLessThanOrEqual(ttlMs + 1_000);
    } finally {
      await other.close();
    }
  });

  it("keeps the session memo small under ten times its bound in junk cookies", async () => {
    const memo = createSessionMemo<SessionUser>({ max: 5 });
    const app = await buildApp(testConfig({ dataDir: mkdtempSync(path.join(os.tmpdir(), "collect-m-")) }), {
      database: ctx.database,
      sessionMemo: memo,
    });
    try {
      const user = await createUser(app);
      const token = user.cookie.match(/better-auth\.session_token=[^;]+/)?.[0] as string;
      // Ten times the memo's bound in different junk (a bound of 20 and 200 calls before, and
      // 2,000 before that: the same proof at a smaller bound, each call costing the same).
      for (let i = 0; i < 50; i++) {
        const junk = `junk${i}=${"x".repeat(200)}`;
        // A valid session with a different junk cookie beside it each time, and forged tokens.
        const cookie =
          i % 2 === 0 ? `${junk}; ${token}` : `${junk}; better-auth.session_token=forged${i}.sig`;
        const response = await as(app, { ...user, cookie })("GET", "/api/payment-accounts");
        expect(response.statusCode).toBe(i % 2 === 0 ? 200 : 401);
      }
      expect(memo.size).toBe(1);
      // Many real sessions (over twice the bound): never more than the bound.
      for (let i = 0; i < 12; i++) {
        const session = await createUser(app);
        expect((await as(app, session)("GET", "/api/payment-accounts")).statusCode).toBe(200);
      }
      expect(memo.size).toBeGreaterThan(0);
      expect(memo.size).toBeLessThanOrEqual(5);
    } finally {
      await app.close();
    }
  }, 60_000);
});
