import { like } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { deliveries } from "#server/db/schema.ts";
import {
  appsOnFreshDatabase,
  as,
  bearer,
  cookieFrom,
  createReadyUser,
  databaseKinds,
  describeEachDatabase,
  TEST_ORIGIN,
} from "#server/test/harness.ts";
import { TOKEN_PATTERN, type TokenScope } from "#shared/schemas/api-token.ts";

const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "25" };
const kim = { name: "Kim Park", phone: "2125550102" };

describeEachDatabase("personal API tokens", (ctx) => {
  const tokenFor = async (call: ReturnType<typeof as>, scopes: TokenScope[], extra: object = {}) => {
    const made = await call("POST", "/api/tokens", { name: `script ${scopes.length}`, scopes, ...extra });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; token: string; hint: string };
  };

  it("is shown once, kept as a hash, listed with its hint, scopes and last use", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const made = await tokenFor(call, ["requests:read"]);
    expect(made.token).toMatch(TOKEN_PATTERN);
    expect(made.hint).toBe(made.token.slice(-4));
    const listed = (await call("GET", "/api/tokens")).json().tokens;
    expect(listed).toEqual([
      expect.objectContaining({ id: made.id, scopes: ["requests:read"], hint: made.hint, lastUsedAt: null }),
    ]);
    // Never again: not in the list, and not in the database either (its SHA-256 only).
    expect(JSON.stringify(listed)).not.toContain(made.token);
    const stored = await ctx.database.db.execute(`SELECT token_hash FROM api_token WHERE id = '${made.id}'`);
    expect(JSON.stringify(stored)).not.toContain(made.token);

    // Its owner is told, as of a new sign-in (account mail, through the queue).
    const notices = await ctx.database.db
      .select()
      .from(deliveries)
      .where(like(deliveries.key, "account-mail:token-created:%"));
    expect(notices.length).toBeGreaterThanOrEqual(1);

    expect((await bearer(ctx.app, made.token)("GET", "/api/payment-requests")).statusCode).toBe(200);
    await expect
      .poll(async () => (await call("GET", "/api/tokens")).json().tokens[0].lastUsedAt)
      .not.toBeNull();
  });

  it("allows exactly the routes its scopes name, and never account, token or webhook management", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const request = (await call("POST", "/api/payment-requests", sam)).json().request;
    const calls: [scope: TokenScope | null, method: InjectOptions["method"], url: string, body?: object][] = [
      ["requests:read", "GET", "/api/payment-requests"],
      ["requests:read", "GET", `/api/payment-requests/${request.id}`],
      ["requests:read", "GET", "/api/balances/2125550101"],
      ["requests:read", "GET", "/api/recurring-requests"],
      ["requests:write", "POST", "/api/payment-requests", sam],
      ["requests:write", "POST", `/api/payment-requests/${request.id}/payments`, { amount: "1" }],
      ["contacts:read", "GET", "/api/payees"],
      ["contacts:write", "POST", "/api/payees", kim],
      [null, "GET", "/api/auth/user"],
      [null, "GET", "/api/tokens"],
      [null, "POST", "/api/tokens", { name: "more", scopes: ["requests:read"] }],
      [null, "GET", "/api/webhooks"],
      [null, "GET", "/api/account/sessions"],
      [null, "GET", "/api/payment-accounts"],
      [null, "GET", "/api/events"],
    ];
    const every: TokenScope[] = ["requests:read", "requests:write", "contacts:read", "contacts:write"];
    for (const scope of every) {
      const token = (await tokenFor(call, [scope])).token;
      for (const [needs, method, url, body] of calls) {
        const answer = await bearer(ctx.app, token)(method, url, body);
        const allowed = needs === scope;
        expect(
          answer.statusCode < 400,
          `${scope} ${method} ${url}: ${answer.statusCode} ${answer.body}`,
        ).toBe(allowed);
        if (!allowed) {
          expect(answer.statusCode, `${scope} ${method} ${url}`).toBe(403);
          expect(answer.json().code).toBe("forbidden");
        }
      }
    }
    // All four together: everything above that names a scope, and still nothing else.
    const all = (await tokenFor(call, every)).token;
    for (const [needs, method, url, body] of calls) {
      expect((await bearer(ctx.app, all)(method, url, body)).statusCode < 400, `${method} ${url}`).toBe(
        needs !== null,
      );
    }
  });

  it("needs no Origin: a script's call is no forgery, while a cookie from another site still is", async () => {
    const user = await createReadyUser(ctx.app);
    const token = (await tokenFor(as(ctx.app, user), ["requests:write"])).token;
    const fromScript = await bearer(ctx.app, token)("POST", "/api/payment-requests", sam);
    expect(fromScript.statusCode, fromScript.body).toBe(201);
    const fromElsewhere = await bearer(ctx.app, token, "https://evil.example")(
      "POST",
      "/api/payment-requests",
      sam,
    );
    expect(fromElsewhere.statusCode).toBe(201);
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/payment-requests",
      headers: { cookie: user.cookie, origin: "https://evil.example", "content-type": "application/json" },
      payload: JSON.stringify(sam),
    });
    expect(forged.statusCode).toBe(403);
  });

  it("answers 401 to a token that is unknown, malformed, expired or revoked, and a bearer call ignores the cookie", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    for (const wrong of [`col_${"A".repeat(43)}`, "nonsense", ""]) {
      const answer = await bearer(ctx.app, wrong)("GET", "/api/payment-requests");
      expect(answer.statusCode, wrong).toBe(401);
    }
    // A wrong token beside a good cookie is still refused: the token alone decides.
    const both = await ctx.app.inject({
      method: "GET",
      url: "/api/payment-requests",
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, authorization: "Bearer col_wrong" },
    });
    expect(both.statusCode).toBe(401);
    const made = await tokenFor(call, ["requests:read"]);
    expect((await call("DELETE", `/api/tokens/${made.id}`)).statusCode).toBe(204);
    expect((await bearer(ctx.app, made.token)("GET", "/api/payment-requests")).statusCode).toBe(401);
    expect((await call("DELETE", `/api/tokens/${made.id}`)).statusCode).toBe(404);
  });

  it("refuses an expiry in the past or beyond a year, at the field, and stops working once expired", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const expiresAt of [new Date(Date.now() - 60_000), new Date(Date.now() + 400 * 86_400_000)]) {
      const answer = await call("POST", "/api/tokens", {
        name: "x",
        scopes: ["requests:read"],
        expiresAt: expiresAt.toISOString(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: "expiresAt", code: "invalid" });
    }
    const bad = await call("POST", "/api/tokens", { name: "", scopes: [] });
    expect(bad.statusCode).toBe(400);
    const soon = await tokenFor(call, ["requests:read"], {
      expiresAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect((await bearer(ctx.app, soon.token)("GET", "/api/payment-requests")).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await bearer(ctx.app, soon.token)("GET", "/api/payment-requests")).statusCode).toBe(401);
    expect((await call("GET", "/api/tokens")).json().tokens).toEqual([]);
  });

  it("keeps another account's tokens out of reach, and at most 20 per account", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const hers = await tokenFor(alice, ["requests:read"]);
    expect((await bob("DELETE", `/api/tokens/${hers.id}`)).statusCode).toBe(404);
    expect((await bob("GET", "/api/tokens")).json().tokens).toEqual([]);
    expect((await as(ctx.app, null)("GET", "/api/tokens")).statusCode).toBe(401);
    await Promise.all(Array.from({ length: 19 }, () => tokenFor(alice, ["requests:read"])));
    const past = await alice("POST", "/api/tokens", { name: "one more", scopes: ["requests:read"] });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe("You have 20 tokens. Revoke a token before making another.");
  });

  it("takes tokens and endpoints back when the password changes, as it ends the other sessions", async () => {
    // Before: a token or endpoint made by someone who held the account for a while outlived the
    // owner's password change, with every request's payer details flowing to their server.
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const { token } = await tokenFor(call, ["requests:read"]);
    const hook = (
      await call("POST", "/api/webhooks", { url: "http://127.0.0.1:9/hooks", events: ["request.paid"] })
    ).json();
    const change = await call("POST", "/api/account/password", {
      currentPassword: user.password,
      newPassword: "a changed password here",
    });
    expect(change.statusCode, change.body).toBe(204);
    expect((await bearer(ctx.app, token)("GET", "/api/payment-requests")).statusCode).toBe(401);
    const again = as(ctx.app, { ...user, cookie: cookieFrom(change) });
    expect((await again("GET", "/api/tokens")).json().tokens).toEqual([]);
    const [endpoint] = (await again("GET", "/api/webhooks")).json().webhooks;
    expect(endpoint).toMatchObject({
      id: hook.id,
      enabled: false,
      disabledReason: "your password was changed",
    });
  });

  it("has its own limit: 600 calls a minute per token, reads included", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const { token } = await tokenFor(call, ["contacts:read"]);
    const script = bearer(ctx.app, token);
    const statuses: number[] = [];
    for (let batch = 0; batch < 601; batch += 50) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(50, 601 - batch) }, () => script("GET", "/api/payees")),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    const last = await script("GET", "/api/payees");
    expect(last.statusCode).toBe(429);
    expect(last.headers["retry-after"]).toMatch(/^\d+$/);
    // Another token of the same account has its own allowance.
    const other = (await tokenFor(call, ["contacts:read"])).token;
    expect((await bearer(ctx.app, other)("GET", "/api/payees")).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)("a revoked token across processes [%s]", (kind) => {
  const apps = appsOnFreshDatabase(kind);

  it("answers 401 in the other process within a second of its revocation", async () => {
    const one = await apps.appWith();
    const two = await apps.appWith();
    const call = as(one, await createReadyUser(one));
    const made = (await call("POST", "/api/tokens", { name: "sync", scopes: ["requests:read"] })).json();
    expect((await bearer(two, made.token)("GET", "/api/payment-requests")).statusCode).toBe(200);
    expect((await call("DELETE", `/api/tokens/${made.id}`)).statusCode).toBe(204);
    const revokedAt = Date.now();
    const after = await bearer(two, made.token)("GET", "/api/payment-requests");
    expect(after.statusCode).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });
});
