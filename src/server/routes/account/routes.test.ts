import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { passkeys, users, withdrawnCodes } from "#server/db/schema.ts";
import {
  as,
  cookieFrom,
  createReadyUser,
  createUser,
  describeEachDatabase,
  nextIp,
  retryAfterSeconds,
  signIn,
  TEST_ORIGIN,
  type TestUser,
} from "#server/test/harness.ts";
import { photoPng } from "#server/test/test-images.ts";

const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

describeEachDatabase("account security", (ctx) => {
  /** Another signed-in device of the same user, with its own user agent. */
  async function signInAgain(user: TestUser, userAgent = PHONE_UA): Promise<TestUser> {
    const response = await signIn(ctx.app, user.email, user.password, nextIp(), userAgent);
    expect(response.statusCode, response.body).toBe(200);
    return { ...user, cookie: cookieFrom(response) };
  }
  const me = async (user: TestUser) => (await as(ctx.app, user)("GET", "/api/auth/user")).statusCode;

  it("changes the password with the current one, and signs out every other device", async () => {
    const user = await createUser(ctx.app);
    const phone = await signInAgain(user);
    const call = as(ctx.app, user);
    const wrong = await call("POST", "/api/account/password", {
      currentPassword: "not my password",
      newPassword: "a new long password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^currentPassword: /);
    const short = await call("POST", "/api/account/password", {
      currentPassword: user.password,
      newPassword: "x",
    });
    expect(short.statusCode).toBe(400);

    const done = await call("POST", "/api/account/password", {
      currentPassword: user.password,
      newPassword: "a new long password",
    });
    expect(done.statusCode, done.body).toBe(204);
    const here = { ...user, cookie: cookieFrom(done) };
    expect(await me(here)).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(user)).toBe(401);
    await signInAgain({ ...user, password: "a new long password" });
  });

  it("lists the caller's devices and signs one out; another user's session id is not found", async () => {
    const user = await createUser(ctx.app);
    const phone = await signInAgain(user);
    const other = await createUser(ctx.app);
    const list = await as(ctx.app, user)("GET", "/api/account/sessions");
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; device: string; browser: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = sessions.find((s) => !s.current);
    expect(phoneSession).toMatchObject({ device: "iPhone", browser: "Mobile Safari", kind: "phone" });
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    const stranger = await as(ctx.app, other)("DELETE", `/api/account/sessions/${phoneSession?.id}`);
    const missing = await as(ctx.app, other)("DELETE", "/api/account/sessions/no-such-session");
    expect({ status: stranger.statusCode, body: stranger.json() }).toEqual({
      status: missing.statusCode,
      body: missing.json(),
    });
    expect(stranger.statusCode).toBe(404);
    expect(await me(phone)).toBe(200);

    expect((await as(ctx.app, user)("DELETE", `/api/account/sessions/${phoneSession?.id}`)).statusCode).toBe(
      204,
    );
    expect(await me(phone)).toBe(401);
    expect(await me(user)).toBe(200);
  });

  it("signs out of all other devices", async () => {
    const user = await createUser(ctx.app);
    const devices = [await signInAgain(user), await signInAgain(user)];
    const done = await as(ctx.app, user)("POST", "/api/account/sessions/sign-out-others");
    expect(done.json()).toEqual({ signedOut: 2 });
    for (const device of devices) expect(await me(device)).toBe(401);
    expect(await me(user)).toBe(200);
  });

  it("downloads the caller's data as JSON, without secrets", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    await call("POST", "/api/payees", { name: "Sam", phone: "2125550104" });
    const response = await call("GET", "/api/account/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="collect-data.json"/);
    const data = response.json();
    expect(data.profile).toMatchObject({ email: user.email, profileName: "Test User" });
    expect(data.paymentAccounts).toEqual([{ provider: "venmo", accountHandle: "@test-user" }]);
    expect(data.contacts).toMatchObject([{ name: "Sam", phone: "2125550104" }]);
    expect(response.body).not.toMatch(/password|token|"id"/i);
  });

  it("deletes the account after the password: data, photo and pay link gone", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const created = (
      await call("POST", "/api/payment-requests", {
        recipientName: "Sam",
        recipientPhone: "2125550102",
        amount: "5",
      })
    ).json();
    const code = created.request.shortUrl.split("/").pop();
    const upload = new URL((await call("POST", "/api/profile/photo/upload")).json().uploadURL);
    // A real image: a photo is decoded and re-encoded when set.
    const png = photoPng(64, 64);
    await ctx.app.inject({
      method: "PUT",
      url: `${upload.pathname}${upload.search}`,
      payload: png,
      headers: { "content-type": "image/png" },
    });
    const photo = (await call("PUT", "/api/profile/photo", { photoURL: upload.toString() })).json()
      .objectPath;
    // Warm the public view cache, so deletion has to drop it.
    expect((await ctx.app.inject({ method: "GET", url: `/api/payment-screen/${code}` })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: "GET", url: photo })).statusCode).toBe(200);

    expect((await call("DELETE", "/api/account", {})).statusCode).toBe(400);
    const wrong = await call("DELETE", "/api/account", { password: "not it at all" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^password: /);
    const done = await call("DELETE", "/api/account", { password: user.password });
    expect(done.statusCode, done.body).toBe(204);

    expect((await ctx.app.inject({ method: "GET", url: `/api/payment-screen/${code}` })).statusCode).toBe(
      404,
    );
    // Before: its link said "not found or expired", as for a mistyped one. Now the payer reads that
    // it was withdrawn and nothing is owed, with nobody's name: only the code was kept.
    const page = await ctx.app.inject({ method: "GET", url: `/pay/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<h1[^>]*>This request was withdrawn<\/h1>/);
    expect(page.body).toContain("Nothing is owed, so there is nothing to pay.");
    expect(page.body).not.toMatch(/Payment Not Found|Test User|\$5\.00|og:image/);
    const [kept] = await ctx.database.db.select().from(withdrawnCodes).where(eq(withdrawnCodes.code, code));
    expect(Object.keys(kept ?? {})).toEqual(["code", "withdrawnAt"]);
    expect((await ctx.app.inject({ method: "GET", url: "/pay/neverMade12" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: photo })).statusCode).toBe(404);
    expect(await me(user)).toBe(401);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
  });

  it("keeps passkeys per user: another user's passkey id is not found", async () => {
    const user = await createUser(ctx.app);
    const call = as(ctx.app, user);
    expect((await call("GET", "/api/passkeys")).json()).toEqual([]);
    const options = (await call("POST", "/api/passkeys/registration-options")).json();
    expect(options).toMatchObject({ rp: { id: "localhost", name: "Collect" }, user: { name: user.email } });
    const missing = await call("DELETE", "/api/passkeys/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    const bogus = await call("POST", "/api/passkeys", { response: { id: "x", type: "public-key" } });
    expect(bogus.statusCode).toBe(400);
    const signInOptions = await as(ctx.app, null)("POST", "/api/passkeys/sign-in-options");
    expect(signInOptions.json()).toMatchObject({ rpId: "localhost" });
    const passkeySignIn = await as(ctx.app, null)("POST", "/api/identity/passkey/sign-in", {
      response: { id: "nope" },
    });
    expect(passkeySignIn.statusCode).toBe(401);
    expect(cookieFrom(passkeySignIn)).not.toMatch(/session_token=/);
  });

  it("keeps at most 10 passkeys a user: the 11th is refused until one is removed", async () => {
    const user = await createUser(ctx.app);
    const call = as(ctx.app, user);
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    await ctx.database.db.insert(passkeys).values(
      Array.from({ length: 10 }, (_, n) => ({
        userId: owner?.id as string,
        credentialId: `credential-${n}`,
        publicKey: "AAAA",
        name: `Key ${n}`,
      })),
    );
    const refused = await call("POST", "/api/passkeys/registration-options");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: "You have 10 passkeys. Please remove one before adding another.",
      code: "conflict",
    });
    const [first] = (await call("GET", "/api/passkeys")).json() as { id: string }[];
    expect((await call("DELETE", `/api/passkeys/${first?.id}`)).statusCode).toBe(204);
    expect((await call("POST", "/api/passkeys/registration-options")).statusCode).toBe(200);
  });

  it("bounds the public passkey challenges one address can ask for", async () => {
    const ip = nextIp();
    const ask = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/passkeys/sign-in-options",
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN },
      });
    for (let i = 0; i < 20; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts/);
    expect(retryAfterSeconds(limited)).toBeGreaterThan(30);
    expect(retryAfterSeconds(limited)).toBeLessThanOrEqual(60);
    expect((await as(ctx.app, null)("POST", "/api/passkeys/sign-in-options")).statusCode).toBe(200);
  });
});
