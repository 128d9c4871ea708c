import { expect, it } from "vitest";
import { cookieFrom, describeEachDatabase, nextIp, signIn, TEST_ORIGIN } from "#server/test/harness.ts";

const signUp = (app: import("fastify").FastifyInstance, payload: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/identity/sign-up/email",
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload: {
      email: `signup-${Math.random().toString(36).slice(2)}@example.com`,
      password: "correct horse battery",
      ...payload,
    },
  });

describeEachDatabase("sign-up input", (ctx) => {
  it("refuses the most common passwords and trivial ones, with a clear message", async () => {
    for (const password of ["12345678", "password", "Password1", "iloveyou", "        ", "aaaaaaaaaa"]) {
      const response = await signUp(ctx.app, { password, name: "" });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message, password).toMatch(/Please choose one that is harder to guess\.$/);
      expect(cookieFrom(response)).not.toMatch(/session_token=/);
    }
    expect((await signUp(ctx.app, { password: "12345678" })).json().message).toMatch(/10,000 most common/);
    // Too short stays better-auth's own answer.
    expect((await signUp(ctx.app, { password: "1234" })).json().code).toBe("PASSWORD_TOO_SHORT");
  });

  it("applies the profile-name rules to the name", async () => {
    const cases: [unknown, RegExp][] = [
      ["x".repeat(60_000), /at most 80 characters/],
      ["x".repeat(81), /at most 80 characters/],
      ["   ", /Please enter your profile name/],
      ["Eve\u202Egnp.exe", /no control or text-direction characters/],
      ["Line\nbreak", /no control or text-direction characters/],
      [42, /./],
    ];
    for (const [name, message] of cases) {
      const response = await signUp(ctx.app, { name });
      expect(response.statusCode, String(name).slice(0, 20)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it("refuses unknown fields instead of storing them", async () => {
    for (const extra of [{ image: "javascript:alert(1)" }, { emailVerified: true }, { callbackURL: "/x" }]) {
      const response = await signUp(ctx.app, { name: "", ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().message).toMatch(/Unrecognized key/);
    }
  });

  it("accepts a trimmed name or none, and keeps the cookies small", async () => {
    for (const name of ["", "  Alex Doe  ", "x".repeat(80), undefined]) {
      const email = `signup-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await signUp(ctx.app, name === undefined ? { email } : { email, name });
      expect(response.statusCode, response.body).toBe(200);
      // Sign-up starts no session (docs/decisions/008-account-control.md): the sign-in page signs in next.
      expect(response.headers["set-cookie"]).toBeUndefined();
      const signedIn = await signIn(ctx.app, email, "correct horse battery");
      expect(signedIn.json().user.name).toBe(name?.trim() ?? "");
      expect(signedIn.json().user.image ?? null).toBeNull();
      const cookies = [signedIn.headers["set-cookie"]].flat().join("\n");
      expect(cookies).toMatch(/session_token=/);
      expect(cookies.length).toBeLessThan(600);
      expect(cookies).not.toMatch(/session_data/);
    }
  });

  it("wants JSON", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/identity/sign-up/email",
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%40example.com&password=correct+horse+battery&name=",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toHaveProperty("message");
  });
});
