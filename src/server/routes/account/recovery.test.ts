import { afterAll, expect, it } from "vitest";
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
  until,
} from "#server/test/harness.ts";
import { linkIn, startMailServer } from "#server/test/mail-server.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";

/** Sign-up, reset and verification as people meet them: mail read from a real SMTP server. */
const mail = await startMailServer();
afterAll(() => mail.close());

describeEachDatabase(
  "recovery and verification by email",
  (ctx) => {
    const signUp = (email: string, password = "another long password") =>
      ctx.app.inject({
        method: "POST",
        url: "/api/identity/sign-up/email",
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email, password, name: "" },
      });

    it("answers sign-up with a registered email exactly as a new one, and mails the owner", async () => {
      const owner = await createUser(ctx.app);
      const freshEmail = `new-${Date.now()}@example.com`;
      const fresh = await signUp(freshEmail);
      const taken = await signUp(owner.email);
      // The new address got a session cookie, the registered one did not.
      const seen = (response: Awaited<ReturnType<typeof signUp>>) => {
        // The date and the request's own id differ between any two answers.
        const { date: _date, "x-request-id": _id, ...headers } = response.headers;
        return { status: response.statusCode, body: response.body, headers };
      };
      expect(seen(taken)).toEqual(seen(fresh));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual({ status: true, message: "Check your email to continue." });
      expect(fresh.headers["set-cookie"]).toBeUndefined();
      const warning = await mail.waitFor(owner.email, /tried to sign up/);
      expect(warning.text).toContain(`${TEST_ORIGIN}/sign-in`);
      // The normal sign-in then works for whoever holds the password, and only for them.
      expect(cookieFrom(await signIn(ctx.app, freshEmail, "another long password"))).toMatch(
        /session_token=/,
      );
      expect((await signIn(ctx.app, owner.email, "another long password")).statusCode).toBe(401);
    });

    it("gives the same answer to a reset request for any address, and mails only a real one", async () => {
      const user = await createUser(ctx.app);
      const ask = (email: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/identity/request-password-reset",
          remoteAddress: nextIp(),
          headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
          payload: { email, redirectTo: "/reset-password" },
        });
      const known = await ask(user.email);
      const unknown = await ask(`nobody-${Date.now()}@example.com`);
      expect(known.statusCode).toBe(200);
      expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
        status: known.statusCode,
        body: known.json(),
      });
      const message = await mail.waitFor(user.email, /Reset your Collect password/);
      expect(message.html).toContain("Choose a new password");
      const link = new URL(linkIn(message, `${TEST_ORIGIN}/reset-password?token=`));
      const token = link.searchParams.get("token") as string;

      const reset = (newPassword: string) =>
        as(ctx.app, null)("POST", "/api/identity/reset-password", { token, newPassword });
      const done = await reset("a brand new password");
      expect(done.statusCode, done.body).toBe(200);
      const signedIn = cookieFrom(done);
      expect(signedIn).toMatch(/session_token=/);
      const me = await as(ctx.app, { ...user, cookie: signedIn })("GET", "/api/auth/user");
      expect(me.statusCode).toBe(200);
      // The session from before the reset is refused; the link works once.
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).statusCode).toBe(401);
      expect((await reset("yet another password")).statusCode).toBe(400);
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
    });

    it("mails a reset link in the account's language", async () => {
      const user = await createReadyUser(ctx.app);
      const profile = { profileName: "Ana", firstName: null, lastName: null, language: "es" };
      expect((await as(ctx.app, user)("PUT", "/api/auth/profile", profile)).statusCode).toBe(200);
      const es = i18nFor("es");
      expect(es._("Reset your Collect password")).not.toBe("Reset your Collect password");
      const known = await ctx.app.inject({
        method: "POST",
        url: "/api/identity/request-password-reset",
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: user.email, redirectTo: "/reset-password" },
      });
      expect(known.statusCode).toBe(200);
      const subject = es._("Reset your Collect password");
      const message = await mail.waitFor(
        user.email,
        new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      expect(message.subject).toBe(subject);
      expect(message.text).toContain(es._("Choose a new password"));
      expect(message.html).toContain('lang="es" dir="ltr"');
    });

    const askReset = (email: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/identity/request-password-reset",
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email, redirectTo: "/reset-password" },
      });
    /** The mails to `to` whose subject matches, oldest first. */
    const mailsTo = (to: string, subject: RegExp) =>
      mail.received.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    /** The token of each reset link mailed to `to`, oldest first, once `count` have arrived. */
    const resetTokens = async (to: string, count: number) => {
      await until(() => mailsTo(to, /Reset your Collect password/).length >= count);
      return mailsTo(to, /Reset your Collect password/).map(
        (m) => new URL(linkIn(m, `${TEST_ORIGIN}/reset-password?token=`)).searchParams.get("token") as string,
      );
    };
    const resetWith = (token: string, newPassword: string) =>
      as(ctx.app, null)("POST", "/api/identity/reset-password", { token, newPassword });
    /** Mail is sent after the answer: time for any message past a cap to have arrived. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

    it("keeps at most one reset link live: a newer link, a reset or a password change voids the others", async () => {
      const user = await createUser(ctx.app);
      await askReset(user.email);
      await askReset(user.email);
      const [first, second] = await resetTokens(user.email, 2);
      expect((await resetWith(first as string, "a first new password")).statusCode).toBe(400);
      const done = await resetWith(second as string, "a second new password");
      expect(done.statusCode, done.body).toBe(200);

      // A link sent before a password change no longer resets it.
      const signedIn = { ...user, password: "a second new password", cookie: cookieFrom(done) };
      await askReset(user.email);
      const [, , third] = await resetTokens(user.email, 3);
      const change = await as(ctx.app, signedIn)("POST", "/api/account/password", {
        currentPassword: "a second new password",
        newPassword: "a changed password here",
      });
      expect(change.statusCode, change.body).toBe(204);
      const late = await resetWith(third as string, "the attacker's password");
      expect(late.statusCode).toBe(400);
      expect(cookieFrom(late)).not.toMatch(/session_token=/);
      expect((await signIn(ctx.app, user.email, "a changed password here")).statusCode).toBe(200);
    });

    it("tells the reset page, as it opens, whether its link still works; bounded per address", async () => {
      const user = await createUser(ctx.app);
      const from = nextIp();
      const check = (token: string, remoteAddress = from) =>
        ctx.app.inject({ method: "GET", url: `/api/account/reset-token/${token}`, remoteAddress });
      await askReset(user.email);
      const [token] = (await resetTokens(user.email, 1)) as [string];
      expect((await check(token)).statusCode).toBe(204);
      expect((await resetWith(token, "a checked new password")).statusCode).toBe(200);
      const used = await check(token);
      expect(used.statusCode).toBe(404);
      expect(used.json()).toEqual({
        message: "This link has expired or was already used. Ask for a new one.",
        code: "INVALID_TOKEN",
      });
      expect((await check("no-such-token")).statusCode).toBe(404);
      // 3 asked so far; the 21st in a minute from one address is refused, another address is not.
      for (let i = 3; i < 20; i++) expect((await check(`guess-${i}`)).statusCode).toBe(404);
      const limited = await check("guess-20");
      expect(limited.statusCode).toBe(429);
      expect(retryAfterSeconds(limited)).toBeGreaterThan(0);
      expect((await check("guess-21", nextIp())).statusCode).toBe(404);
    });

    it("caps the mail one inbox gets, answering every caller the same", async () => {
      const user = await createUser(ctx.app);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await askReset(user.email));
      for (const answer of answers) {
        expect({ status: answer.statusCode, body: answer.json() }).toEqual({
          status: answers[0]?.statusCode,
          body: answers[0]?.json(),
        });
      }
      const tokens = await resetTokens(user.email, 3);
      await settle();
      expect(mailsTo(user.email, /Reset your Collect password/)).toHaveLength(3);
      // The last link sent still works: the unsent ones did not void it.
      expect((await resetWith(tokens[2] as string, "a capped new password")).statusCode).toBe(200);

      const notices = [];
      for (let i = 0; i < 4; i++) notices.push(await signUp(user.email));
      for (const notice of notices) expect(notice.statusCode).toBe(200);
      await mail.waitFor(user.email, /tried to sign up/);
      await settle();
      expect(mailsTo(user.email, /tried to sign up/)).toHaveLength(1);
    });

    it("mails a verification link at sign-up, confirms the address, and limits resends", async () => {
      const user = await createUser(ctx.app);
      const call = as(ctx.app, user);
      expect((await call("GET", "/api/account")).json()).toMatchObject({
        emailVerified: false,
        mailEnabled: true,
      });
      for (let i = 0; i < 3; i++)
        expect((await call("POST", "/api/account/verification-email")).statusCode).toBe(204);
      const limited = await call("POST", "/api/account/verification-email");
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/try again in an hour/);
      expect(retryAfterSeconds(limited)).toBeGreaterThan(3_500);
      expect(retryAfterSeconds(limited)).toBeLessThanOrEqual(3_600);

      const message = await mail.waitFor(user.email, /Confirm your email/);
      const link = new URL(linkIn(message, `${TEST_ORIGIN}/api/identity/verify-email?token=`));
      const verify = await ctx.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
      expect(verify.statusCode, verify.body).toBe(302);
      expect(verify.headers.location).toBe("/?email-verified=1");
      expect((await call("GET", "/api/account")).json()).toMatchObject({ emailVerified: true });
      expect((await call("POST", "/api/account/verification-email")).statusCode).toBe(409);
    });
  },
  { mail: { smtpUrl: mail.url, from: "Collect <no-reply@example.com>" } },
);

describeEachDatabase("without mail", (ctx) => {
  it("still signs up, and says plainly that email is not set up", async () => {
    const user = await createUser(ctx.app);
    const call = as(ctx.app, user);
    expect((await call("GET", "/api/account")).json()).toMatchObject({
      mailEnabled: false,
      hasPassword: true,
    });
    const resend = await call("POST", "/api/account/verification-email");
    expect(resend.statusCode).toBe(503);
    expect(resend.json().message).toMatch(/Email is not set up/);
  });
});
