import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  InjectOptions,
  LightMyRequestResponse,
} from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, inject, it, vi } from "vitest";
import { type BuildOptions, buildApp } from "#server/app.ts";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import type { Config } from "#server/env.ts";
import { withDatabase } from "./global-setup";

export const TEST_ORIGIN = "http://localhost:3000";
/** The test apps' AUTH_SECRET, which also signs local upload URLs. */
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export type DatabaseKind = Database["kind"];

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A variable naming a real service some suites need: CI sets both, a laptop may not. */
export type ServiceVariable = "TEST_DATABASE_URL" | "TEST_REDIS_URL";

/**
 * The title of a suite or test that needs `variable`: when the run lacks it, the title says so,
 * and so does one line on stderr, since vitest's default reporter counts skips without names.
 */
function needing(variable: ServiceVariable, name: string): string {
  if (process.env[variable]) return name;
  const title = `${name} (skipped: ${variable} unset)`;
  console.warn(title);
  return title;
}

/** `describe` for a suite that needs a real service, skipped under a title naming the unset variable. */
export function describeWith(variable: ServiceVariable, name: string, suite: () => void): void {
  describe.skipIf(!process.env[variable])(needing(variable, name), suite);
}

/** `it` for a test that needs a real service, skipped under a title naming the unset variable. */
export function itWith(variable: ServiceVariable, name: string, test: () => Promise<void>, timeout?: number) {
  it.skipIf(!process.env[variable])(needing(variable, name), test, timeout);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    publicUrl: TEST_ORIGIN,
    dataDir: "./data/test",
    databaseUrl: undefined,
    databasePool: { poolSize: 10, statementTimeoutMs: 10_000 },
    shutdownDrainMs: 0,
    jobs: {
      expireSeconds: 300,
      superviseSeconds: 60,
      retryDelayMaxSeconds: 3_600,
      mailRetryDelaySeconds: 15,
      mailGiveUpHours: 24,
      sendsPerSecondWhenBusy: 20,
    },
    authSecret: TEST_SECRET,
    trustProxy: false,
    // The tests' webhook receivers listen on loopback (address.ts refuses it without this).
    webhooks: { allowAddresses: ["127.0.0.0/8"], retryDelaySeconds: 1, giveUpHours: 24, timeoutSeconds: 10 },
    passwordSignIn: true,
    oidc: undefined,
    // A cheap hash keeps tests fast; password.test.ts checks production's cost.
    passwordHash: { memoryKib: 64, iterations: 1 },
    signInCeilingPerMinute: 100_000,
    // TEST_LOG_LEVEL=error shows what the test apps log (why a call answered 500, say).
    logLevel: (process.env.TEST_LOG_LEVEL as "silent" | undefined) ?? "silent",
    mail: undefined,
    mailMaxPerHour: 3_600,
    receiptDelayMs: 120_000,
    mailToLog: false,
    s3: undefined,
    clientDir: undefined,
    rateLimits: true,
    redisUrl: undefined,
    metrics: undefined,
    tracing: undefined,
    vapid: null,
    ...overrides,
  };
}

/**
 * A new data folder holding a copy of the run's migrated PGlite template, for openDatabase's
 * `dataDir` (opened as the embedded server opens its own). A third less CPU than loading the same
 * files into memory from a dump: ~190 against ~290 ms an open.
 */
export function pgliteDataDir(): string {
  const dataDir = tempDir("collect-pglite-");
  cpSync(inject("pgliteTemplate"), dataDir, { recursive: true, filter: (from) => !from.endsWith(".lock") });
  return dataDir;
}

/** A fresh, migrated database of the given kind, copied from the run's template. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    const dataDir = pgliteDataDir();
    const database = await openDatabase({ kind: "pglite", dataDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const template = inject("postgresTemplate") as string;
  const name = `collect_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // Two files copying the template at the same moment: wait and try again.
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  // Nothing here outlives a crash: commits need not wait for the disk.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A new folder under the run's temporary root, which test/temp-root.ts removes at the end. */
export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** One answer of a test app: the route that gave it (its pattern as registered), the path asked, its status. */
export type Answer = { method: string; route: string; path: string; status: number };

/** buildApp's options, and `answers`: where every answer of the app is recorded (plugins/openapi-walk.test.ts). */
export type TestAppOptions = Omit<BuildOptions, "database"> & { answers?: Answer[] };

/** `onRoute` that also gives each route a hook recording its answers (the route's own: buildApp needs no change). */
function recordingAnswers(into: Answer[], onRoute: BuildOptions["onRoute"]): BuildOptions["onRoute"] {
  const record = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = ""] = request.url.split("?");
    into.push({
      method: request.method,
      route: request.routeOptions.url ?? "",
      path,
      status: reply.statusCode,
    });
  };
  return (route) => {
    onRoute?.(route);
    route.onResponse = [...[route.onResponse ?? []].flat(), record];
  };
}

/** An app over `database` with a data folder of its own: another server process sharing the database. */
export function buildTestApp(
  database: Database,
  overrides: Partial<Config> = {},
  { answers, ...options }: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig({ dataDir: tempDir("collect-api-"), ...overrides }), {
    ...options,
    onRoute: answers ? recordingAnswers(answers, options.onRoute) : options.onRoute,
    database,
  });
}

export type TestContext = { app: FastifyInstance; database: Database; kind: DatabaseKind };

/**
 * A fresh database for the suite, and apps built on it each with settings of its own (lower
 * limits, say); all closed after the suite. Call inside a describe.
 */
export function appsOnFreshDatabase(kind: DatabaseKind) {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.close();
  });
  return {
    database: () => database,
    appWith: async (overrides: Partial<Config> = {}, options: TestAppOptions = {}) => {
      const app = await buildTestApp(database, overrides, options);
      apps.push(app);
      return app;
    },
  };
}

/**
 * Runs the suite once per database kind, each with its own app and fresh database.
 * `ctx` is filled in beforeAll; tests read it inside their bodies.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: TestContext) => void,
  overrides: Partial<Config> = {},
): void {
  describe.each(databaseKinds)(`${name} [%s]`, (kind) => {
    const ctx = { kind } as TestContext;
    beforeAll(async () => {
      ctx.database = await freshDatabase(kind);
      ctx.app = await buildTestApp(ctx.database, overrides);
    });
    afterAll(async () => {
      await ctx.app?.close();
      await ctx.database?.close();
    });
    suite(ctx);
  });
}

let ipCounter = 1;
/** A distinct client address per test user, so sign-up rate limits only bite where a test wants them. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

/** The Cookie header that the Set-Cookie headers of a response would give a browser. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((c) => c.split(";")[0]).join("; ");
}

/** A response's Retry-After in whole seconds; NaN when it is missing or not a whole number. */
export function retryAfterSeconds(response: { headers: Record<string, unknown> }): number {
  const value = String(response.headers["retry-after"]);
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export type TestUser = { email: string; password: string; cookie: string; ip: string };

/**
 * Creates an account through better-auth's real sign-up call, then signs in as the sign-in page
 * does (sign-up itself starts no session), and returns the session cookie.
 */
export async function createUser(
  app: FastifyInstance,
  email = `user-${randomBytes(4).toString("hex")}@example.com`,
) {
  const password = "correct horse battery";
  const ip = nextIp();
  const response = await app.inject({
    method: "POST",
    url: "/api/identity/sign-up/email",
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload: { email, password, name: "" },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const signedIn = await signIn(app, email, password, ip);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { email, password, cookie: cookieFrom(signedIn), ip } satisfies TestUser;
}

/** A same-origin browser call as the given user (Origin header set, as browsers do). */
export function as(app: FastifyInstance, user: TestUser | null) {
  return (method: InjectOptions["method"], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: user?.ip,
      headers: {
        origin: TEST_ORIGIN,
        ...(user ? { cookie: user.cookie } : {}),
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

/** A script's call with a personal API token: no cookie, no page (no Origin unless `origin` is given). */
export function bearer(app: FastifyInstance, token: string, origin?: string) {
  const ip = nextIp();
  return (method: InjectOptions["method"], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        authorization: `Bearer ${token}`,
        ...(origin ? { origin } : {}),
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

/**
 * Setup done: the user has a profile name and one account, so the full app is open to them.
 * With `confirmedIn`, their email address is confirmed there too (as its link would), which
 * emailing payers needs where mail is configured.
 */
export async function createReadyUser(app: FastifyInstance, confirmedIn?: Db): Promise<TestUser> {
  const user = await createUser(app);
  const response = await as(app, user)("POST", "/api/auth/setup", {
    profileName: "Test User",
    paymentAccounts: [{ provider: "venmo", accountHandle: "@test-user" }],
  });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.body}`);
  if (confirmedIn)
    await confirmedIn.update(users).set({ emailVerified: true }).where(eq(users.email, user.email));
  return user;
}

/**
 * A password sign-in through better-auth's real route, from its own client IP unless given;
 * `userAgent` names the device, as the sessions list shows it.
 */
export function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = nextIp(),
  userAgent?: string,
) {
  return app.inject({
    method: "POST",
    url: "/api/identity/sign-in/email",
    remoteAddress: ip,
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      ...(userAgent ? { "user-agent": userAgent } : {}),
    },
    payload: { email, password },
  });
}

/**
 * Waits until `check` holds, polling every 10 ms, and fails after `ms`: for what arrives
 * asynchronously (a notification from another process, an event on a stream, a file growing).
 */
export function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`not within ${ms} ms`);
    },
    { timeout: ms, interval: 10 },
  );
}
