import { expect, it } from "vitest";
import {
  as,
  cookieFrom,
  createReadyUser,
  createUser,
  describeEachDatabase,
  TEST_ORIGIN,
} from "#server/test/harness.ts";

describeEachDatabase("account calls", (ctx) => {
  it("answers 401 {message} on every signed-in call when signed out", async () => {
    const anonymous = as(ctx.app, null);
    const calls: ["GET" | "POST" | "PUT", string, unknown?][] = [
      ["GET", "/api/auth/user"],
      [
        "POST",
        "/api/auth/setup",
        { profileName: "A", paymentAccounts: [{ provider: "venmo", accountHandle: "@a" }] },
      ],
      ["PUT", "/api/auth/profile", { profileName: "A", firstName: null, lastName: null }],
      ["GET", "/api/payment-accounts"],
      ["POST", "/api/payment-accounts", { accounts: [{ provider: "venmo", accountHandle: "@a" }] }],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
    }
  });

  it("returns the new user without a profile name, then completes setup", async () => {
    const user = await createUser(ctx.app);
    const call = as(ctx.app, user);
    const before = await call("GET", "/api/auth/user");
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ email: user.email, profileName: null, photo: null });

    const setup = await call("POST", "/api/auth/setup", {
      profileName: "  Alex Doe  ",
      paymentAccounts: [
        { provider: "venmo", accountHandle: "@alex-doe" },
        { provider: "cashapp", accountHandle: "$alexdoe" },
      ],
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ profileName: "Alex Doe", email: user.email });

    const accounts = await call("GET", "/api/payment-accounts");
    expect(accounts.json()).toEqual([
      { provider: "venmo", accountHandle: "@alex-doe" },
      { provider: "cashapp", accountHandle: "$alexdoe" },
    ]);
  });

  it("completes setup with Zelle alone, by email or US mobile, and refuses a Zelle handle that is neither", async () => {
    for (const handle of ["alex@example.com", "(212) 555-0101"]) {
      const call = as(ctx.app, await createUser(ctx.app));
      const setup = await call("POST", "/api/auth/setup", {
        profileName: "Alex",
        paymentAccounts: [{ provider: "zelle", accountHandle: handle }],
      });
      expect(setup.statusCode, handle).toBe(200);
      expect((await call("GET", "/api/payment-accounts")).json()).toEqual([
        { provider: "zelle", accountHandle: handle },
      ]);
    }
    const bad = await as(ctx.app, await createUser(ctx.app))("POST", "/api/auth/setup", {
      profileName: "Alex",
      paymentAccounts: [{ provider: "zelle", accountHandle: "12345" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Zelle: enter an email address or a US phone number/);
  });

  it("refuses bad setup bodies with 400 naming the field, never 500", async () => {
    const call = as(ctx.app, await createUser(ctx.app));
    const cases: [unknown, RegExp][] = [
      [
        { profileName: "   ", paymentAccounts: [{ provider: "venmo", accountHandle: "@a" }] },
        /^profileName: Please enter your profile name\.$/,
      ],
      [
        { profileName: "A", paymentAccounts: [] },
        /^paymentAccounts: Please select and configure at least one payment account\.$/,
      ],
      [
        { profileName: "A", paymentAccounts: [{ provider: "venmo", accountHandle: "alex" }] },
        /^paymentAccounts\.0\.accountHandle: Venmo/,
      ],
      [
        { profileName: "A", paymentAccounts: [{ provider: "bitcoin", accountHandle: "x" }] },
        /^paymentAccounts\.0\.provider: /,
      ],
      [{ profileName: 42, paymentAccounts: [] }, /^profileName: /],
      [{ profileName: "A", paymentAccounts: "nope" }, /^paymentAccounts: /],
      [{}, /^profileName: /],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", "/api/auth/setup", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const notJson = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/setup",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(notJson.json()).toHaveProperty("message");
  });

  it("refuses control and text-direction characters in the first and last name", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const change of [{ firstName: "A\u202Ex" }, { lastName: "Lee\u0007" }]) {
      const response = await call("PUT", "/api/auth/profile", {
        profileName: "Alex",
        firstName: null,
        lastName: null,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toBe(
        `${Object.keys(change)[0]}: Please write names as one line of plain text.`,
      );
    }
    const fine = await call("PUT", "/api/auth/profile", {
      profileName: "Alex",
      firstName: "Zoë",
      lastName: "O'Brien",
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("updates only the profile fields: email and unknown fields cannot be set", async () => {
    const user = await createUser(ctx.app);
    const call = as(ctx.app, user);
    const sneaky = await call("PUT", "/api/auth/profile", {
      profileName: "Sam",
      firstName: "Sam",
      lastName: "Lee",
      email: "attacker@example.com",
    });
    expect(sneaky.statusCode).toBe(400);

    const ok = await call("PUT", "/api/auth/profile", {
      profileName: " Sam ",
      firstName: "  ",
      lastName: " Lee ",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      email: user.email,
      profileName: "Sam",
      firstName: null,
      lastName: "Lee",
    });

    const empty = await call("PUT", "/api/auth/profile", {
      profileName: "",
      firstName: null,
      lastName: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("profileName: Please enter your profile name.");
  });

  it("stores setup and accounts for the caller only", async () => {
    const alice = await createUser(ctx.app);
    const bob = await createUser(ctx.app);
    await as(ctx.app, alice)("POST", "/api/auth/setup", {
      profileName: "Alice",
      paymentAccounts: [{ provider: "paypal", accountHandle: "alice" }],
    });
    const bobUser = await as(ctx.app, bob)("GET", "/api/auth/user");
    expect(bobUser.json()).toMatchObject({ email: bob.email, profileName: null });
    const bobAccounts = await as(ctx.app, bob)("GET", "/api/payment-accounts");
    expect(bobAccounts.json()).toEqual([]);
  });

  it("redirects /api/login to the sign-in page, keeping only same-origin returnTo paths", async () => {
    const cases: [string, string][] = [
      ["/api/login", "/sign-in?returnTo=%2F"],
      ["/api/login?returnTo=%2Fprofile", "/sign-in?returnTo=%2Fprofile"],
      ["/api/login?returnTo=%2F%2Fevil.example", "/sign-in?returnTo=%2F"],
      ["/api/login?returnTo=https%3A%2F%2Fevil.example", "/sign-in?returnTo=%2F"],
      ["/api/login?returnTo=%2F%5Cevil.example", "/sign-in?returnTo=%2F"],
    ];
    for (const [url, location] of cases) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(location);
    }
  });

  it("ends the session at /api/logout and redirects to /", async () => {
    const user = await createUser(ctx.app);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/");
    expect(cookieFrom(response)).toMatch(/session_token=(;|$)/);
    const after = await as(ctx.app, user)("GET", "/api/auth/user");
    expect(after.statusCode).toBe(401);
  });
});
