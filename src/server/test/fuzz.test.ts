import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, expect, it, vi } from "vitest";
import { as, createReadyUser, describeEachDatabase, nextIp, TEST_ORIGIN, type TestUser } from "./harness";
import {
  contentType,
  describeCall,
  expectWellFormed,
  HUGE,
  hostileBody,
  hostileId,
  hostileQueryValue,
  hostileString,
  INJECTIONS,
  idSegment,
  pollutedJson,
} from "./hostile";

/**
 * Property-based fuzzing of every API route's body, params and query (signed in, signed out
 * and with garbage cookies). Properties: never a 5xx; every 4xx is JSON with a string
 * `message` that leaks nothing; a signed-in route never accepts a caller without a session;
 * a refused call (≥ 400) leaves the data unchanged; Object.prototype stays clean.
 *
 * Two signed-in users: `fuzzer` sends most hostile calls (its data may change when a random
 * body happens to be valid); `owner` is snapshotted (GET of its requests, contacts, accounts
 * and user). The owner's data must not change during any group of calls by others, and every
 * refused call by the owner itself must leave it exactly as it was.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** owner: snapshotted; fuzzer: the usual signed-in caller; scratch: a disposable session. */
type Caller = "owner" | "fuzzer" | "scratch" | "anonymous" | "garbage";
type Call = {
  method: Method;
  url: string;
  body?: string | Buffer;
  contentType?: string;
  caller: Caller;
  /** For "garbage": the Cookie header to send. */
  cookie?: string;
  headers?: Record<string, string>;
};

const VALID = {
  setup: {
    profileName: "Fuzz Owner",
    paymentAccounts: [{ provider: "venmo", accountHandle: "@fuzz-owner" }],
  },
  profile: { profileName: "Fuzz Owner", firstName: "Fuzz", lastName: "Owner" },
  accounts: { accounts: [{ provider: "venmo", accountHandle: "@fuzz-owner" }] },
  request: {
    recipientName: "Sam Lee",
    recipientPhone: "(212) 555-0101",
    amount: "25.50",
    description: "Pizza",
  },
  payee: { name: "Sam Lee", phone: "2125550101" },
  photo: { photoURL: "/objects/uploads/abcdefghij/00000000-0000-4000-8000-000000000000" },
  status: { status: "paid" },
  // Shapes that fail before any password hashing (scrypt is slow by design); mutations may fix them.
  signIn: { email: "nobody-at-example.com", password: "x" },
  signUp: { email: "fuzz@example.com", password: "short", name: "Fuzz" },
  updateUser: { name: "Scratch" },
  passkey: { response: { id: "made-up", type: "public-key", response: {} } },
  recurring: {
    recipientName: "Sam Lee",
    recipientPhone: "(212) 555-0101",
    amount: "25.50",
    description: "Rent",
    frequency: "monthly",
    startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    count: 3,
  },
  recurringUpdate: { paused: true, amount: "30", description: "Rent" },
} satisfies Record<string, Record<string, unknown>>;

const MISSING_UUID = "00000000-0000-4000-8000-000000000000";

/** Routes that need a session (everything else is public by design: the payer's signed stop link too). */
const SIGNED_IN =
  /^\/api\/(auth\/|payment-accounts|payment-requests(?!\/stop-reminders\/)|recurring-requests|payees|profile\/|account|splits|events|notifications\/(?!unsubscribe\/)|passkeys(?!\/sign-in-options))/;

const garbageCookie: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("better-auth.session_token", "better-auth.session_data", "__proto__", "x", ""),
    fc.oneof(hostileString, fc.constantFrom("a.b", "a.b.c", "%", "%E0%A4%A", "\\", '"'.repeat(10))),
  )
  .map(([name, value]) =>
    `${name}=${encodeURIComponent(value.slice(0, 4000).replace(/[\ud800-\udfff]/g, "\ufffd"))}`.replace(
      /[^\x20-\x7e]/g,
      "",
    ),
  );

const caller: fc.Arbitrary<Caller> = fc.constantFrom("fuzzer", "fuzzer", "anonymous", "garbage");

/** fast-check prints whole counterexamples; a 100,000-character one drowns the report. */
function shortReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const error = details.errorInstance;
  const cause = error instanceof Error ? error.message : String(error);
  const text = `${fc.defaultReportMessage(details) ?? "property failed"}\nGot: ${cause}`;
  throw new Error(
    text.replace(/(.)\1{40,}/gs, (run, ch: string) => `${ch.repeat(10)}…(${run.length}×)`).slice(0, 6000),
  );
}

/**
 * Cases per database for the whole file: 1,000 in `npm test`, 10,000 in the resilience suite
 * (vitest.resilience.config.ts). Each group gets its share by the weights below.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
/** Each group's weight; a group runs FUZZ_RUNS × weight / the total of them (at least once). */
const WEIGHTS = {
  body: 550, // per JSON-body route
  owner: 1200,
  pollution: 400,
  ids: 1000,
  codes: 1000,
  objects: 600,
  uploads: 100, // two calls per case
  queries: 800,
  identity: 800,
  signedOut: 600,
};

// Thousands of calls by one user on purpose; the limits have their own tests (rate-limits.test.ts).
const describeUnlimited = (name: string, suite: Parameters<typeof describeEachDatabase>[1]) =>
  describeEachDatabase(name, suite, { rateLimits: false });

describeUnlimited("API fuzzing", (ctx) => {
  let owner: TestUser;
  let fuzzer: TestUser;
  let scratch: TestUser;
  let requestId: string;
  let payeeId: string;
  let fuzzerRequestId: string;
  let fuzzerCode: string;
  let fuzzerSeriesId: string;
  let cases = 0;
  let refused = 0;
  let baseline = "";
  const protoNames = {
    object: Object.getOwnPropertyNames(Object.prototype).sort(),
    array: Object.getOwnPropertyNames(Array.prototype).sort(),
    fn: Object.getOwnPropertyNames(Function.prototype).sort(),
  };
  let started = 0;

  /** The owner's data, as the app shows it to them. */
  async function snapshot(): Promise<string> {
    const call = as(ctx.app, owner);
    const answers = await Promise.all(
      [
        "/api/payment-requests",
        "/api/payees",
        "/api/payment-accounts",
        "/api/auth/user",
        "/api/recurring-requests",
      ].map((url) => call("GET", url)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    return JSON.stringify(answers.map((a) => a.json()));
  }

  /**
   * Sends one call and checks every property on its answer. After a state-changing call by the
   * owner, its data is snapshotted: a refused call must have left it as it was; an accepted one
   * (a random body can be valid) becomes the new baseline.
   */
  async function send(call: Call): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...call.headers };
    const cookie =
      call.caller === "owner"
        ? owner.cookie
        : call.caller === "fuzzer"
          ? fuzzer.cookie
          : call.caller === "scratch"
            ? scratch.cookie
            : call.caller === "garbage"
              ? call.cookie
              : undefined;
    if (cookie) headers.cookie = cookie;
    if (call.body !== undefined && call.contentType) headers["content-type"] = call.contentType;
    const response = await ctx.app.inject({
      method: call.method,
      url: call.url,
      headers,
      payload: call.body,
      // Public routes limit misses per IP: every call comes from its own address.
      remoteAddress: nextIp(),
    });
    cases++;
    const label = describeCall(call.method, call.url, typeof call.body === "string" ? call.body : undefined);
    expectWellFormed(`${label} [${call.caller}]`, response);
    const path = call.url.split("?")[0] ?? "";
    if ((call.caller === "anonymous" || call.caller === "garbage") && SIGNED_IN.test(path)) {
      expect(response.statusCode, `${label} accepted without a session`).toBeGreaterThanOrEqual(400);
    }
    if (response.statusCode >= 400) refused++;
    if (call.caller === "owner" && call.method !== "GET") {
      const before = baseline;
      // Always move on to the new state, so that only the call that changed it is blamed.
      baseline = await snapshot();
      if (response.statusCode >= 400) {
        expect(baseline, `${label} [owner] answered ${response.statusCode} but changed data`).toBe(before);
      }
    }
    return response;
  }

  /** Runs one property and checks that this test itself sent `callsPerRun` calls per run. */
  async function assertSent<T>(property: fc.IAsyncProperty<T>, numRuns: number, callsPerRun = 1) {
    const before = cases;
    await fc.assert(property, { numRuns, reporter: shortReport });
    expect(cases - before, "calls sent by this test").toBe(numRuns * callsPerRun);
  }

  /** One group of calls by others; the owner's data must be exactly as before afterwards. */
  async function run<T>(arbitrary: fc.Arbitrary<T>, toCall: (value: T) => Call, numRuns: number) {
    await assertSent(
      fc.asyncProperty(arbitrary, async (value) => {
        await send(toCall(value));
      }),
      numRuns,
    );
    expect(await snapshot(), "calls by other users changed the owner's data").toBe(baseline);
  }

  beforeAll(async () => {
    started = Date.now();
    [owner, fuzzer, scratch] = [
      await createReadyUser(ctx.app),
      await createReadyUser(ctx.app),
      await createReadyUser(ctx.app),
    ];
    const call = as(ctx.app, owner);
    requestId = (await call("POST", "/api/payment-requests", VALID.request)).json().request.id;
    payeeId = (await call("POST", "/api/payees", VALID.payee)).json().id;
    const created = (await as(ctx.app, fuzzer)("POST", "/api/payment-requests", VALID.request)).json();
    fuzzerRequestId = created.request.id;
    fuzzerCode = created.request.shortUrl.split("/").pop();
    await as(ctx.app, fuzzer)("POST", "/api/payees", VALID.payee);
    fuzzerSeriesId = (await as(ctx.app, fuzzer)("POST", "/api/recurring-requests", VALID.recurring)).json()
      .id;
    await call("POST", "/api/recurring-requests", VALID.recurring);
    baseline = await snapshot();
  });

  /**
   * The JSON-body routes, with a valid body each (so that one hostile change is what is tested).
   * `own` is the caller's own payment request, so status and reminder calls can succeed.
   */
  const bodyRoutes: {
    name: string;
    method: Method;
    url: (own: string) => string;
    valid: Record<string, unknown>;
  }[] = [
    { name: "POST /api/auth/setup", method: "POST", url: () => "/api/auth/setup", valid: VALID.setup },
    { name: "PUT /api/auth/profile", method: "PUT", url: () => "/api/auth/profile", valid: VALID.profile },
    {
      name: "POST /api/payment-accounts",
      method: "POST",
      url: () => "/api/payment-accounts",
      valid: VALID.accounts,
    },
    {
      name: "POST /api/payment-requests",
      method: "POST",
      url: () => "/api/payment-requests",
      valid: VALID.request,
    },
    { name: "POST /api/payees", method: "POST", url: () => "/api/payees", valid: VALID.payee },
    {
      name: "POST /api/recurring-requests",
      method: "POST",
      url: () => "/api/recurring-requests",
      valid: VALID.recurring,
    },
    {
      name: "PATCH /api/recurring-requests/:own",
      method: "PATCH",
      url: () => `/api/recurring-requests/${fuzzerSeriesId}`,
      valid: VALID.recurringUpdate,
    },
    {
      name: "PATCH /api/recurring-requests/:missing",
      method: "PATCH",
      url: () => `/api/recurring-requests/${MISSING_UUID}`,
      valid: VALID.recurringUpdate,
    },
    { name: "PUT /api/profile/photo", method: "PUT", url: () => "/api/profile/photo", valid: VALID.photo },
    {
      name: "PATCH /api/payment-requests/:own/status",
      method: "PATCH",
      url: (own) => `/api/payment-requests/${own}/status`,
      valid: VALID.status,
    },
    {
      name: "PATCH /api/payment-requests/:missing/status",
      method: "PATCH",
      url: () => `/api/payment-requests/${MISSING_UUID}/status`,
      valid: VALID.status,
    },
    {
      name: "POST /api/payment-requests (due date, payer email, reminders)",
      method: "POST",
      url: () => "/api/payment-requests",
      valid: {
        ...VALID.request,
        dueDate: "2099-01-01",
        payerEmail: "alex@example.com",
        reminderDays: [1, 3],
        sendBy: "both",
      },
    },
    {
      name: "PATCH /api/payment-requests/:own",
      method: "PATCH",
      url: (own) => `/api/payment-requests/${own}`,
      valid: { dueDate: null, reminderDays: [0, 2] },
    },
    {
      name: "POST /api/payment-requests/stop-reminders/:token",
      method: "POST",
      url: (own) => `/api/payment-requests/stop-reminders/${own}.not-a-signature`,
      valid: {},
    },
    {
      name: "POST /api/payment-requests/:own/remind",
      method: "POST",
      url: (own) => `/api/payment-requests/${own}/remind`,
      valid: {},
    },
    {
      name: "DELETE /api/payees/:missing",
      method: "DELETE",
      url: () => `/api/payees/${MISSING_UUID}`,
      valid: {},
    },
    {
      name: "POST /api/profile/photo/upload",
      method: "POST",
      url: () => "/api/profile/photo/upload",
      valid: {},
    },
    {
      name: "POST /api/payment-screen/:code/claim",
      method: "POST",
      url: () => `/api/payment-screen/${fuzzerCode}/claim`,
      valid: { via: "venmo", note: "Sent" },
    },
    {
      name: "POST /api/splits",
      method: "POST",
      url: () => "/api/splits",
      valid: {
        total: "30",
        includeMe: true,
        people: [{ name: "Sam Lee", phone: "2125550101", amount: "10" }],
      },
    },
    // Account control: bodies that fail before any password hashing, as for sign-in above.
    { name: "POST /api/passkeys", method: "POST", url: () => "/api/passkeys", valid: VALID.passkey },
    {
      name: "POST /api/identity/passkey/sign-in",
      method: "POST",
      url: () => "/api/identity/passkey/sign-in",
      valid: VALID.passkey,
    },
    {
      name: "DELETE /api/account/sessions/:missing",
      method: "DELETE",
      url: () => "/api/account/sessions/no-such-session",
      valid: {},
    },
    {
      name: "DELETE /api/passkeys/:missing",
      method: "DELETE",
      url: () => `/api/passkeys/${MISSING_UUID}`,
      valid: {},
    },
    // Profile → Notifications (routes/notifications).
    {
      name: "PUT /api/notifications/settings",
      method: "PUT",
      url: () => "/api/notifications/settings",
      valid: {
        channels: { view: { email: true }, digest: { push: true } },
        quietHours: { start: "21:00", end: "08:00" },
        digestHour: 8,
        timeZone: "America/Chicago",
      },
    },
    {
      name: "PUT /api/notifications/time-zone",
      method: "PUT",
      url: () => "/api/notifications/time-zone",
      valid: { timeZone: "Europe/Paris" },
    },
    {
      name: "POST /api/notifications/push-subscriptions",
      method: "POST",
      url: () => "/api/notifications/push-subscriptions",
      valid: {
        endpoint: "https://fcm.googleapis.com/fcm/send/fuzz",
        expirationTime: null,
        keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
        deviceLabel: "Fuzz phone",
      },
    },
    {
      name: "POST /api/notifications/push-test",
      method: "POST",
      url: () => "/api/notifications/push-test",
      valid: {},
    },
    {
      name: "DELETE /api/notifications/push-subscriptions/:missing",
      method: "DELETE",
      url: () => `/api/notifications/push-subscriptions/${MISSING_UUID}`,
      valid: {},
    },
  ];

  const totalWeight =
    Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0) + WEIGHTS.body * (bodyRoutes.length - 1);
  const runsFor = (group: keyof typeof WEIGHTS) =>
    Math.max(1, Math.round((FUZZ_RUNS * WEIGHTS[group]) / totalWeight));

  for (const route of bodyRoutes) {
    it(`${route.name}: hostile bodies`, async () => {
      await run(
        fc.tuple(hostileBody(route.valid), contentType, caller, garbageCookie),
        ([body, type, who, cookie]) => ({
          method: route.method,
          url: route.url(fuzzerRequestId),
          body,
          contentType: type,
          caller: who,
          cookie,
        }),
        runsFor("body"),
      );
    }, 180_000);
  }

  it("refused calls by the owner leave its data exactly as it was", async () => {
    const idRoutes = [
      {
        method: "PATCH" as const,
        url: (id: string) => `/api/payment-requests/${id}/status`,
        body: VALID.status,
      },
      { method: "POST" as const, url: (id: string) => `/api/payment-requests/${id}/remind`, body: {} },
      { method: "DELETE" as const, url: (id: string) => `/api/payees/${id}`, body: undefined },
      { method: "DELETE" as const, url: (id: string) => `/api/recurring-requests/${id}`, body: undefined },
    ];
    const ownerCall: fc.Arbitrary<Call> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom(...bodyRoutes)
          .chain((route) => fc.tuple(fc.constant(route), hostileBody(route.valid), contentType))
          .map(([route, body, type]) => ({
            method: route.method,
            url: route.url(requestId),
            body,
            contentType: type,
            caller: "owner" as const,
          })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...idRoutes), hostileId).map(([route, id]) => ({
          method: route.method,
          url: route.url(idSegment(id)),
          ...(route.body ? { body: JSON.stringify(route.body), contentType: "application/json" } : {}),
          caller: "owner" as const,
        })),
      },
    );
    await assertSent(
      fc.asyncProperty(ownerCall, async (call) => {
        await send(call);
      }),
      runsFor("owner"),
    );
  }, 180_000);

  it("prototype-pollution keys in every JSON body are refused or ignored", async () => {
    const arbitrary = fc
      .constantFrom(...bodyRoutes)
      .chain((route) => fc.tuple(fc.constant(route), pollutedJson(route.valid), caller, garbageCookie));
    await run(
      arbitrary,
      ([route, body, who, cookie]) => ({
        method: route.method,
        url: route.url(fuzzerRequestId),
        body,
        contentType: "application/json",
        caller: who,
        cookie,
      }),
      runsFor("pollution"),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it("hostile ids in every :id route", async () => {
    const idRoutes: { method: Method; url: (id: string) => string; body?: Record<string, unknown> }[] = [
      { method: "PATCH", url: (id) => `/api/payment-requests/${id}/status`, body: VALID.status },
      { method: "POST", url: (id) => `/api/payment-requests/${id}/remind` },
      { method: "PATCH", url: (id) => `/api/payment-requests/${id}`, body: { reminderDays: [1] } },
      { method: "POST", url: (id) => `/api/payment-requests/${id}/stop-reminders` },
      { method: "POST", url: (id) => `/api/payment-requests/stop-reminders/${id}` },
      { method: "DELETE", url: (id) => `/api/payees/${id}` },
      { method: "GET", url: (id) => `/api/splits/${id}` },
      { method: "DELETE", url: (id) => `/api/notifications/push-subscriptions/${id}` },
      { method: "PATCH", url: (id) => `/api/recurring-requests/${id}`, body: VALID.recurringUpdate },
      { method: "DELETE", url: (id) => `/api/recurring-requests/${id}` },
    ];
    await run(
      fc.tuple(fc.constantFrom(...idRoutes), hostileId, caller, garbageCookie, fc.boolean()),
      ([route, id, who, cookie, withBody]): Call => ({
        method: route.method,
        url: route.url(idSegment(id)),
        ...(route.body || withBody
          ? { body: JSON.stringify(route.body ?? {}), contentType: "application/json" }
          : {}),
        caller: who,
        cookie,
      }),
      runsFor("ids"),
    );
  }, 180_000);

  it("hostile codes on the public payment screen, its view beacon and the pay page", async () => {
    const codeValue = fc.oneof(
      hostileId,
      fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/).map((value) => ({ raw: true, value })),
      fc.constant({ raw: true, value: "REAL" }),
    );
    const routes: { method: Method; url: (c: string) => string }[] = [
      { method: "GET", url: (c) => `/api/payment-screen/${c}` },
      { method: "POST", url: (c) => `/api/payment-screen/${c}/view` },
      { method: "GET", url: (c) => `/pay/${c}` },
      // One-click unsubscribe tokens: public, HMAC-checked (routes/notifications).
      { method: "GET", url: (c) => `/api/notifications/unsubscribe/${c}` },
      { method: "POST", url: (c) => `/api/notifications/unsubscribe/${c}` },
    ];
    await run(
      fc.tuple(fc.constantFrom(...routes), codeValue, caller, garbageCookie, fc.option(hostileBody({}))),
      ([route, id, who, cookie, body]) => ({
        method: route.method,
        url: route.url(id.value === "REAL" ? fuzzerCode : idSegment(id)),
        ...(route.method === "POST" && body !== null ? { body, contentType: "application/json" } : {}),
        caller: who,
        cookie,
      }),
      runsFor("codes"),
    );
  }, 180_000);

  it("hostile object paths and upload URLs", async () => {
    const key = fc.oneof(
      hostileId.map(idSegment),
      fc.constantFrom(...INJECTIONS),
      fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), fc.uuid())
        .map(([tag, uuid]) => `uploads/${tag}/${uuid}`),
      fc.constantFrom(
        "uploads/../../etc/passwd",
        "uploads/%2e%2e/%2e%2e/etc/passwd",
        "uploads//",
        "uploads/a/b/c/d",
        `uploads/${"a".repeat(HUGE)}`,
      ),
    );
    const image = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
      fc.constant(Buffer.alloc(0)),
    );
    await run(
      fc.tuple(
        fc.constantFrom("objects", "upload", "signed-upload"),
        key,
        hostileQueryValue,
        hostileQueryValue,
        image,
        contentType,
        caller,
        garbageCookie,
      ),
      ([kind, path, expires, sig, bytes, type, who, cookie]) => {
        if (kind === "objects") return { method: "GET", url: `/objects/${path}`, caller: who, cookie };
        return {
          method: "PUT",
          url: `/api/uploads/${path}?expires=${kind === "signed-upload" ? "99999999999" : expires}&sig=${sig}`,
          body: bytes,
          contentType: type ?? "application/octet-stream",
          caller: who,
          cookie,
          ...(bytes.length === 0 ? { headers: { "content-length": "99999999" } } : {}),
        };
      },
      runsFor("objects"),
    );
  }, 180_000);

  it("real upload URLs with hostile bytes, then hostile photo updates", async () => {
    const call = as(ctx.app, fuzzer);
    // Each signed URL is single-use, so these are driven directly rather than through `run`.
    await assertSent(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
          fc
            .uint8Array({ maxLength: 64 })
            .map((b) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), b])),
        ),
        fc.constantFrom("image/png", "text/html", "application/json"),
        fc.constantFrom("as-is", "path-only", "traversal", "other-host"),
        async (bytes, type, mangle) => {
          const url = new URL((await call("POST", "/api/profile/photo/upload")).json().uploadURL);
          await send({
            method: "PUT",
            url: `${url.pathname}${url.search}`,
            body: bytes,
            contentType: type,
            caller: "anonymous",
          });
          const photoURL =
            mangle === "as-is"
              ? url.toString()
              : mangle === "path-only"
                ? url.pathname
                : mangle === "traversal"
                  ? `${url.pathname}/../../../../etc/passwd`
                  : `https://evil.example${url.pathname}`;
          await send({
            method: "PUT",
            url: "/api/profile/photo",
            body: JSON.stringify({ photoURL }),
            contentType: "application/json",
            caller: "fuzzer",
          });
        },
      ),
      runsFor("uploads"),
      2,
    );
    expect(await snapshot()).toBe(baseline);
  }, 180_000);

  it("hostile query strings on every GET route, and garbage cookies", async () => {
    const getRoutes = [
      "/healthz",
      "/readyz",
      "/api/login",
      "/api/logout",
      "/api/auth/user",
      "/api/payment-accounts",
      "/api/payment-requests",
      "/api/payment-requests/export.csv",
      "/api/payment-requests/summary",
      "/api/payees",
      "/api/identity/get-session",
      "/api/events",
    ];
    const queryName = fc.oneof(
      fc.constantFrom(
        "returnTo",
        "returnTo[]",
        "__proto__",
        "__proto__[polluted]",
        "constructor[prototype][polluted]",
        "cursor",
        "limit",
        "order",
        "status",
        "q",
      ),
      hostileQueryValue,
    );
    await run(
      fc.tuple(
        fc.constantFrom(...getRoutes),
        fc.array(fc.tuple(queryName, hostileQueryValue), { minLength: 1, maxLength: 4 }),
        // The fuzzer never logs out here: its session is needed by the other groups.
        fc.constantFrom<Caller>("scratch", "anonymous", "garbage", "fuzzer"),
        garbageCookie,
      ),
      ([path, pairs, who, cookie]) => ({
        method: "GET",
        url: `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`,
        caller: who === "fuzzer" && path === "/api/logout" ? "anonymous" : who,
        cookie,
      }),
      runsFor("queries"),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it("hostile paths and bodies under /api/identity/*", async () => {
    const endpoints = [
      { path: "sign-in/email", valid: VALID.signIn },
      { path: "sign-up/email", valid: VALID.signUp },
      { path: "update-user", valid: VALID.updateUser },
      { path: "sign-in/social", valid: { provider: "oidc", callbackURL: "/" } },
      { path: "request-password-reset", valid: { email: "nobody@example.com" } },
      { path: "get-session", valid: {} },
    ];
    const randomPath = fc.oneof(
      hostileId.map(idSegment),
      fc.constantFrom(...INJECTIONS),
      fc.constantFrom("", "/", "..", "callback/oidc", "callback/%2e%2e", "ok", "error", "list-sessions"),
    );
    // better-auth logs every refused call to the console itself; the answers are what is checked.
    const quiet = (["error", "warn", "info", "log"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    try {
      await run(
        fc.oneof(
          fc.tuple(
            fc
              .constantFrom(...endpoints)
              .chain((e) => fc.tuple(fc.constant(e.path), hostileBody(e.valid as Record<string, unknown>))),
            contentType,
            fc.constantFrom<Caller>("scratch", "anonymous", "garbage"),
            garbageCookie,
          ),
          fc.tuple(
            fc.tuple(randomPath, fc.option(hostileBody({}))),
            contentType,
            fc.constantFrom<Caller>("scratch", "anonymous", "garbage"),
            garbageCookie,
          ),
        ),
        ([[path, body], type, who, cookie]) => ({
          method: body === null ? "GET" : "POST",
          url: `/api/identity/${path}`,
          ...(body === null ? {} : { body, contentType: type }),
          caller: who,
          cookie,
        }),
        runsFor("identity"),
      );
    } finally {
      for (const spy of quiet) spy.mockRestore();
    }
  }, 180_000);

  it("signed out, every route with hostile input is refused or public", async () => {
    const everything = [
      ...bodyRoutes.map((r) => ({ method: r.method, url: () => r.url(requestId), valid: r.valid })),
      { method: "GET" as Method, url: () => "/api/payment-requests/export.csv", valid: {} },
      { method: "GET" as Method, url: () => "/api/auth/user", valid: {} },
      { method: "POST" as Method, url: () => `/api/payment-requests/${requestId}/remind`, valid: {} },
      { method: "DELETE" as Method, url: () => `/api/payees/${payeeId}`, valid: {} },
    ];
    await run(
      fc.tuple(fc.constantFrom(...everything), fc.option(hostileBody({ a: 1 })), contentType),
      ([route, body, type]) => ({
        method: route.method,
        url: route.url(),
        ...(route.method !== "GET" && body !== null ? { body, contentType: type } : {}),
        caller: "anonymous",
      }),
      runsFor("signedOut"),
    );
  }, 180_000);

  it("the app and Object.prototype are intact", async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames.object);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(protoNames.array);
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(protoNames.fn);
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(typeof probe.toString).toBe("function");
    expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
    expect((await ctx.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    // The owner's seeded data is still there (the fuzz only ever used missing ids on it).
    const data = JSON.parse(await snapshot());
    expect(data[1].map((p: { id: string }) => p.id)).toContain(payeeId);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`API fuzzing [${ctx.kind}]: ${cases} cases (${refused} refused) in ${seconds} s`);
  });
});
