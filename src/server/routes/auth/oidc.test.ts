import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import {
  as,
  cookieFrom,
  createUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
} from "#server/test/harness.ts";

/*
 * Sign-in through a real OpenID Connect provider: `oidc-provider` runs on a local port, the app
 * discovers it from its issuer, and every hop of the browser's journey is a real HTTP request.
 */

// The parts of oidc-provider this test uses (the package ships no type declarations).
type Claims = Record<string, unknown>;
type OidcGrant = { jti?: string; addOIDCScope(scope: string): void; save(): Promise<string> };
type GrantModel = {
  new (fields: { clientId: string; accountId: string | undefined }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
};
type GrantContext = {
  oidc: {
    provider: { Grant: GrantModel };
    client: { clientId: string };
    session: { accountId: string | undefined; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
  };
};
type OidcProvider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: { login: { accountId: string } },
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
};
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

// A non-literal specifier: TypeScript would otherwise reject the untyped module (TS7016).
const oidcProviderModule: string = "oidc-provider";
const { default: Provider } = (await import(oidcProviderModule)) as { default: ProviderConstructor };

const CALLBACK_URL = `${TEST_ORIGIN}/api/identity/callback/oidc`;
const CLIENT_ID = "collect-test";
const CLIENT_SECRET = "collect-test-secret with spaces & symbols";
const SUBJECT = "oidc-sub-1";
const EMAIL = "oidc.user@example.com";

// Listen first (port 0), then build the provider for the issuer that port gives.
let provider: OidcProvider | undefined;
const server = createServer((req, res) => {
  if (!provider) {
    res.statusCode = 503;
    res.end();
    return;
  }
  if (req.url?.startsWith("/interaction/")) {
    // The login page: the user signs in at once, as SUBJECT.
    provider
      .interactionFinished(req, res, { login: { accountId: SUBJECT } }, { mergeWithLastSubmission: false })
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    return;
  }
  provider.callback()(req, res);
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: [CALLBACK_URL],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // token_endpoint_auth_method left at the OpenID Connect default, client_secret_basic.
    },
  ],
  findAccount: async (_ctx: unknown, sub: string) => ({
    accountId: sub,
    claims: async (): Promise<Claims> => ({ sub, email: EMAIL, email_verified: true, name: "Oidc User" }),
  }),
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  // No consent screen: the first sign-in grants openid, email and profile.
  loadExistingGrant: async (ctx: GrantContext) => {
    const { Grant } = ctx.oidc.provider;
    const clientId = ctx.oidc.client.clientId;
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(clientId);
    if (grantId) return Grant.find(grantId);
    const grant = new Grant({ clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

/** A browser's cookies for the provider's origin (paths ignored: one origin, short flow). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /;\s*max-age=0/i.test(line) || /;\s*expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function location(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== "string") throw new Error(`no Location on ${response.statusCode}: ${response.body}`);
  return value;
}

/** Follows the provider's redirects as a browser would, until one leads back to the app. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(`${CALLBACK_URL}?`)) return url;
    expect(url.origin, `hop ${hop}`).toBe(issuer);
    const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    const next = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !next) {
      throw new Error(`provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
    }
    url = new URL(next, url);
  }
  throw new Error("too many redirects at the provider");
}

/** The whole browser journey: /api/login, the provider, the callback. Returns the callback's answer. */
async function signInThroughProvider(app: FastifyInstance, returnTo: string, extraQuery = "") {
  const ip = nextIp();
  const login = await app.inject({
    method: "GET",
    url: `/api/login?returnTo=${encodeURIComponent(returnTo)}${extraQuery}`,
    remoteAddress: ip,
  });
  expect(login.statusCode, login.body).toBe(302);
  const authorization = new URL(location(login));
  expect(`${authorization.origin}${authorization.pathname}`).toBe(`${issuer}/auth`);
  expect(authorization.searchParams.get("client_id")).toBe(CLIENT_ID);
  expect(authorization.searchParams.get("redirect_uri")).toBe(CALLBACK_URL);
  expect(authorization.searchParams.get("response_type")).toBe("code");
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("state")).toBeTruthy();
  expect(authorization.searchParams.get("scope")?.split(" ")).toEqual(
    expect.arrayContaining(["openid", "email", "profile"]),
  );
  const appCookie = cookieFrom(login);
  expect(appCookie).not.toBe("");

  const callback = await throughProvider(authorization.href);
  expect(callback.searchParams.get("code")).toBeTruthy();
  expect(callback.searchParams.get("state")).toBe(authorization.searchParams.get("state"));

  return app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    remoteAddress: ip,
    headers: { cookie: appCookie },
  });
}

/** GET /api/auth/user with a session cookie. */
function currentUser(app: FastifyInstance, cookie: string) {
  return app.inject({ method: "GET", url: "/api/auth/user", remoteAddress: nextIp(), headers: { cookie } });
}

/** Where a redirect sends the browser, as a path on the app's origin. */
function appPath(response: LightMyRequestResponse): string {
  const target = new URL(location(response), TEST_ORIGIN);
  expect(target.origin).toBe(TEST_ORIGIN);
  return `${target.pathname}${target.search}`;
}

describeEachDatabase(
  "sign-in through an OpenID Connect provider",
  (ctx) => {
    it("signs in through the provider and lands on returnTo with a session", async () => {
      const done = await signInThroughProvider(ctx.app, "/profile");
      expect(done.statusCode, done.body).toBe(302);
      expect(appPath(done)).toBe("/profile");
      const session = cookieFrom(done);
      expect(session).toMatch(/session_token=/);

      const me = await currentUser(ctx.app, session);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: EMAIL, profileName: null });

      // Signing in again finds the same user rather than creating another.
      const again = await signInThroughProvider(ctx.app, "/");
      expect(again.statusCode, again.body).toBe(302);
      const second = await currentUser(ctx.app, cookieFrom(again));
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ id: me.json().id, email: EMAIL });
    });

    it("sends a returnTo on another site back to / after sign-in", async () => {
      for (const returnTo of ["//evil.example", "https://evil.example/profile"]) {
        const done = await signInThroughProvider(ctx.app, returnTo);
        expect(done.statusCode, done.body).toBe(302);
        expect(appPath(done), returnTo).toBe("/");
        expect(cookieFrom(done)).toMatch(/session_token=/);
      }
    });

    it("refuses a callback that did not start in this browser", async () => {
      const ip = nextIp();
      const login = await ctx.app.inject({ method: "GET", url: "/api/login", remoteAddress: ip });
      expect(login.statusCode, login.body).toBe(302);
      const callback = await throughProvider(location(login));
      // A genuine code and state from the provider, but without the state cookie /api/login set.
      const done = await ctx.app.inject({
        method: "GET",
        url: `${callback.pathname}${callback.search}`,
        remoteAddress: ip,
      });
      expect(done.statusCode).toBe(302);
      // The sign-in page explains the error (and offers the provider again).
      expect(appPath(done)).toBe("/sign-in?returnTo=%2F&error=state_mismatch");
      expect(cookieFrom(done)).not.toMatch(/session_token=/);
    });

    it("refuses password sign-in and sign-up when password sign-in is off", async () => {
      const anonymous = as(ctx.app, null);
      const signIn = await anonymous("POST", "/api/identity/sign-in/email", {
        email: EMAIL,
        password: "correct horse battery",
      });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json()).toMatchObject({ code: "EMAIL_PASSWORD_DISABLED" });
      expect(cookieFrom(signIn)).not.toMatch(/session_token=/);
      const signUp = await anonymous("POST", "/api/identity/sign-up/email", {
        email: "someone@example.com",
        password: "correct horse battery",
        name: "",
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json()).toMatchObject({ code: "EMAIL_PASSWORD_SIGN_UP_DISABLED" });
      expect(cookieFrom(signUp)).not.toMatch(/session_token=/);
    });
  },
  {
    passwordSignIn: false,
    oidc: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: "Test SSO" },
  },
);

describeEachDatabase(
  "OpenID Connect next to password sign-in",
  (ctx) => {
    it("tells the sign-in page about both ways in", async () => {
      const options = await ctx.app.inject({ method: "GET", url: "/api/auth/sign-in-options" });
      expect(options.json()).toEqual({ password: true, oidc: { name: "Test SSO" } });
      const login = await ctx.app.inject({ method: "GET", url: "/api/login?returnTo=%2Fprofile" });
      expect(location(login)).toBe("/sign-in?returnTo=%2Fprofile");
    });

    it("links to an existing password account only once its email is verified", async () => {
      // Someone registered the address with a password first, and never proved it.
      const squatter = await createUser(ctx.app, EMAIL);
      const refused = await signInThroughProvider(ctx.app, "/profile", "&provider=oidc");
      expect(refused.statusCode, refused.body).toBe(302);
      expect(appPath(refused)).toBe("/sign-in?returnTo=%2Fprofile&error=account_not_linked");
      expect(cookieFrom(refused)).not.toMatch(/session_token=[^;]/);

      // The owner proves the address (H6's verification email): now single sign-on joins it.
      await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
      const linked = await signInThroughProvider(ctx.app, "/profile", "&provider=oidc");
      expect(appPath(linked)).toBe("/profile");
      const me = await currentUser(ctx.app, cookieFrom(linked));
      const mine = await currentUser(ctx.app, squatter.cookie);
      expect(me.json().id).toBe(mine.json().id);
    });
  },
  {
    passwordSignIn: true,
    oidc: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: "Test SSO" },
  },
);
