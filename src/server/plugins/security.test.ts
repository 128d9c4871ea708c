import { expect, it } from "vitest";
import {
  as,
  cookieFrom,
  createUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
} from "#server/test/harness.ts";

const signIn = (
  ctx: { app: import("fastify").FastifyInstance },
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = "127.0.0.1",
) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/identity/sign-in/email",
    remoteAddress,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
    payload: { email, password },
  });

describeEachDatabase("security", (ctx) => {
  it("issues a new session token at every sign-in", async () => {
    const user = await createUser(ctx.app);
    const first = await signIn(ctx, user.email, user.password, {}, user.ip);
    const second = await signIn(ctx, user.email, user.password, {}, user.ip);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const a = cookieFrom(first);
    const b = cookieFrom(second);
    expect(a).toMatch(/session_token=./);
    expect(a).not.toBe(b);
    expect(a).not.toBe(user.cookie);
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("limits sign-in attempts per client IP, and a spoofed X-Forwarded-For does not reset the count", async () => {
    const user = await createUser(ctx.app);
    const ip = nextIp();
    const statuses: number[] = [];
    // A different account each time: the per-account lock (sign-in-limits.test.ts) stays out of it.
    for (let i = 0; i < 14; i++) {
      const response = await signIn(
        ctx,
        `nobody-${i}@example.com`,
        "wrong password!",
        { "x-forwarded-for": `203.0.113.${i}` },
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Even the right password is refused from that IP for now; another IP is not affected.
    expect((await signIn(ctx, user.email, user.password, {}, ip)).statusCode).toBe(429);
    expect((await signIn(ctx, user.email, user.password, {}, nextIp())).statusCode).toBe(200);
  });

  it("refuses cross-site state-changing calls", async () => {
    const user = await createUser(ctx.app);
    const body = JSON.stringify({ profileName: "X", firstName: null, lastName: null });
    const crossSite = await ctx.app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { cookie: user.cookie, "content-type": "application/json", "sec-fetch-site": "cross-site" },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: "Cross-site request refused.", code: "forbidden" });
    const otherOrigin = await ctx.app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { cookie: user.cookie, "content-type": "application/json", origin: "https://evil.example" },
      payload: body,
    });
    expect(otherOrigin.statusCode).toBe(403);
    // A form-encodable body (what a cross-site <form> can send) is not accepted at all.
    const form = await ctx.app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { cookie: user.cookie, "content-type": "text/plain" },
      payload: body,
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toHaveProperty("message");
    // better-auth's own routes refuse a foreign origin too.
    const signUp = await ctx.app.inject({
      method: "POST",
      url: "/api/identity/sign-up/email",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      payload: { email: "x@example.com", password: "correct horse battery", name: "" },
    });
    expect(signUp.statusCode).toBe(403);
    expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().profileName).toBeNull();
  });

  it("exposes only the better-auth endpoints Collect uses", async () => {
    const user = await createUser(ctx.app);
    for (const [method, url] of [
      ["POST", "/api/identity/update-user"],
      ["POST", "/api/identity/delete-user"],
      ["GET", "/api/identity/list-sessions"],
      ["POST", "/api/identity/change-email"],
      ["GET", "/api/identity/get-session"],
      ["POST", "/api/identity/sign-in/email/../../update-user"],
    ] as const) {
      const response = await as(ctx.app, user)(method, url, method === "POST" ? { name: "x" } : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: "Not found", code: "not_found" });
    }
  });

  it("sends security headers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/healthz" });
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["x-frame-options"]).toBe("DENY");
    // The whole set, pinned: a header added or dropped is a decision (docs/decisions/010), and
    // helmet's four that no browser reads any more are not sent on every answer.
    const security = Object.keys(response.headers).filter(
      (name) =>
        !["content-type", "content-length", "date", "connection", "keep-alive", "x-request-id"].includes(
          name,
        ),
    );
    expect(security.sort()).toEqual([
      "content-security-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "origin-agent-cluster",
      "referrer-policy",
      "x-content-type-options",
      "x-frame-options",
    ]);
  });

  it("reports readiness from the database", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("answers unknown API paths with 404 {message}", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found", code: "not_found" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });
});

describeEachDatabase(
  "behind a trusted proxy",
  (ctx) => {
    it("counts sign-in attempts per forwarded client IP", async () => {
      const user = await createUser(ctx.app);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await signIn(ctx, `nobody-${i}@example.com`, "wrong password!", {
              "x-forwarded-for": "198.51.100.7",
            })
          ).statusCode,
        );
      }
      expect(statuses.at(-1)).toBe(429);
      const other = await signIn(ctx, user.email, user.password, { "x-forwarded-for": "198.51.100.8" });
      expect(other.statusCode).toBe(200);
    });
  },
  { trustProxy: true },
);

describeEachDatabase(
  "served over https",
  (ctx) => {
    it("sends HSTS", async () => {
      const response = await ctx.app.inject({ method: "GET", url: "/healthz" });
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    });
  },
  { publicUrl: "https://collect.example" },
);

describeEachDatabase(
  "behind the proxy named by TRUST_PROXY=127.0.0.5",
  (ctx) => {
    const missFrom = (remoteAddress: string, forwardedFor: string) =>
      ctx.app.inject({
        method: "GET",
        url: "/api/payment-screen/Zq9xK2mP",
        remoteAddress,
        headers: { "x-forwarded-for": forwardedFor },
      });

    it("keys a request from any other address by that address, whatever X-Forwarded-For it sends", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await missFrom("127.0.0.9", `198.51.100.${i}`)).statusCode);
      expect(statuses.slice(0, 20)).toEqual(statuses.slice(0, 20).map(() => 404));
      expect(statuses.at(-1)).toBe(429);
    });

    it("keys the proxy's requests by the client it forwards", async () => {
      for (let i = 0; i < 21; i++)
        expect((await missFrom("127.0.0.5", `198.51.101.${i}`)).statusCode).toBe(404);
      expect((await missFrom("127.0.0.5", "198.51.100.0")).statusCode).toBe(404);
    });
  },
  { trustProxy: ["127.0.0.5"] },
);
