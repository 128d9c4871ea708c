import type { FastifyInstance, HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppressionToken } from "#server/mail/suppression.ts";
import { unsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import {
  type Answer,
  as,
  buildTestApp,
  cookieFrom,
  createReadyUser,
  freshDatabase,
  nextIp,
  signIn,
  TEST_ORIGIN,
  TEST_SECRET,
  type TestUser,
} from "#server/test/harness.ts";
import { OPENAPI_PATH } from "./openapi";

/**
 * Walks every operation of the API reference with what clients send, wrong and right: signed
 * out, an unknown id, a bad body, JSON that does not parse, another media type, too large a body,
 * a call from another site, and a valid call as a ready user. Every answer is recorded (the
 * harness's `answers`), and each status must be one the reference lists for its operation. A
 * status it misses is a gap in the reference: document it (plugins/openapi.ts), never excuse it.
 * PGlite only: the answers are the routes' own, whichever database is underneath.
 */

type Call = {
  url: string;
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  origin?: string;
  signedOut?: boolean;
};
type Operation = { responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** The ready user's own things, each made through the API (so their making is walked too). */
type Fixture = {
  userId: string;
  requestId: string;
  paymentId: string;
  code: string;
  phone: string;
  payeeId: string;
  splitId: string;
  seriesId: string;
  cardPath: string;
  /** The profile photo's path now: setting another one removes the one before. */
  currentPhoto: () => Promise<string>;
  uploadPath: string;
  spareUploadUrl: string;
};

const MISSING = "00000000-0000-4000-8000-000000000000";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const WRITES = new Set(["post", "put", "patch", "delete"]);
/** These end the caller's session: each call gets a session of its own. */
const ENDS_SESSION = new Set(["get /api/logout", "post /api/logout"]);

/**
 * A valid call (or a few) as the ready user, by "method /path" as the reference writes it; the
 * rest are valid without input, or are covered by the fixture's making. Destructive ones that
 * would end the walk (deleting the account, changing its password) are called wrong only.
 */
const VALID: Record<string, (f: Fixture, owner: TestUser) => Call[] | Promise<Call[]>> = {
  "get /api/login": () => [{ url: "/api/login?returnTo=/profile" }],
  "post /api/auth/setup": () => [
    {
      url: "/api/auth/setup",
      body: { profileName: "Walk", paymentAccounts: [{ provider: "venmo", accountHandle: "@walk" }] },
    },
  ],
  "put /api/auth/profile": () => [
    { url: "/api/auth/profile", body: { profileName: "Walk", firstName: "Walk", lastName: "User" } },
  ],
  "post /api/payment-accounts": () => [
    { url: "/api/payment-accounts", body: { accounts: [{ provider: "cashapp", accountHandle: "$walk" }] } },
  ],
  "get /api/payment-requests/{id}": (f) => [{ url: `/api/payment-requests/${f.requestId}` }],
  "get /api/payment-requests/{id}/text": (f) => [{ url: `/api/payment-requests/${f.requestId}/text` }],
  "patch /api/payment-requests/{id}": (f) => [
    { url: `/api/payment-requests/${f.requestId}`, body: { reminderDays: [1, 4] } },
  ],
  "post /api/payment-requests/{id}/payments": (f) => [
    { url: `/api/payment-requests/${f.requestId}/payments`, body: { amount: "1" } },
  ],
  "delete /api/payment-requests/{id}/payments/{paymentId}": (f) => [
    { url: `/api/payment-requests/${f.requestId}/payments/${f.paymentId}` },
  ],
  "post /api/payment-requests/{id}/remind": (f) => [{ url: `/api/payment-requests/${f.requestId}/remind` }],
  "post /api/payment-requests/{id}/stop-reminders": (f) => [
    { url: `/api/payment-requests/${f.requestId}/stop-reminders` },
  ],
  // Paid, then cancelled: a request that is no longer open.
  "patch /api/payment-requests/{id}/status": (f) => [
    { url: `/api/payment-requests/${f.requestId}/status`, body: { status: "paid" } },
    { url: `/api/payment-requests/${f.requestId}/status`, body: { status: "cancelled" } },
  ],
  "get /api/payment-requests/stop-reminders/{token}": (f) => [
    { url: `/api/payment-requests/stop-reminders/${stopToken(f.requestId, TEST_SECRET)}` },
  ],
  "post /api/payment-requests/stop-reminders/{token}": (f) => [
    { url: `/api/payment-requests/stop-reminders/${stopToken(f.requestId, TEST_SECRET)}` },
  ],
  "get /api/balances/{phone}": (f) => [{ url: `/api/balances/${f.phone}` }],
  "patch /api/payees/{id}": (f) => [{ url: `/api/payees/${f.payeeId}`, body: { name: "Renamed" } }],
  "delete /api/payees/{id}": (f) => [{ url: `/api/payees/${f.payeeId}` }],
  "get /api/payment-screen/{code}": (f) => [{ url: `/api/payment-screen/${f.code}` }],
  "post /api/payment-screen/{code}/view": (f) => [{ url: `/api/payment-screen/${f.code}/view` }],
  "post /api/payment-screen/{code}/claim": (f) => [
    { url: `/api/payment-screen/${f.code}/claim`, body: { via: "other", note: "Sent" } },
  ],
  "get /pay/{code}": (f) => [{ url: `/pay/${f.code}` }],
  "get /pay/{code}/card/{file}": (f) => [{ url: f.cardPath }],
  "get /api/splits/{id}": (f) => [{ url: `/api/splits/${f.splitId}` }],
  "patch /api/recurring-requests/{id}": (f) => [
    { url: `/api/recurring-requests/${f.seriesId}`, body: { paused: true } },
  ],
  "delete /api/recurring-requests/{id}": (f) => [{ url: `/api/recurring-requests/${f.seriesId}` }],
  "put /api/notifications/settings": () => [
    { url: "/api/notifications/settings", body: { channels: { view: { email: true } } } },
  ],
  "put /api/notifications/time-zone": () => [
    { url: "/api/notifications/time-zone", body: { timeZone: "Europe/Paris" } },
  ],
  "get /api/notifications/unsubscribe/{token}": (f) => [
    { url: `/api/notifications/unsubscribe/${unsubscribeToken(TEST_SECRET, f.userId, "claim")}` },
  ],
  "post /api/notifications/unsubscribe/{token}": (f) => [
    { url: `/api/notifications/unsubscribe/${unsubscribeToken(TEST_SECRET, f.userId, "claim")}` },
  ],
  "get /api/mail/stop/{token}": () => [
    { url: `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@example.com")}` },
  ],
  "post /api/mail/stop/{token}": () => [
    { url: `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@example.com")}` },
  ],
  "get /objects/{*}": async (f) => [{ url: await f.currentPhoto() }],
  "put /api/uploads/{*}": (f) => [{ url: f.uploadPath, raw: PNG, contentType: "image/png" }],
  "put /api/profile/photo": (f) => [{ url: "/api/profile/photo", body: { photoURL: f.spareUploadUrl } }],
  "post /api/passkeys": () => [{ url: "/api/passkeys", body: { response: { id: "x", type: "public-key" } } }],
  "post /api/identity/sign-in/email": (_f, owner) => [
    { url: "/api/identity/sign-in/email", body: { email: owner.email, password: owner.password } },
    { url: "/api/identity/sign-in/email", body: { email: owner.email, password: "not the password" } },
  ],
  "post /api/identity/sign-up/email": (_f, owner) => [
    { url: "/api/identity/sign-up/email", body: { email: "walk-new@example.com", password: owner.password } },
    { url: "/api/identity/sign-up/email", body: { email: owner.email, password: owner.password } },
  ],
  "post /api/identity/request-password-reset": (_f, owner) => [
    {
      url: "/api/identity/request-password-reset",
      body: { email: owner.email, redirectTo: "/reset-password" },
    },
  ],
  "post /api/identity/reset-password": () => [
    { url: "/api/identity/reset-password", body: { token: "made-up", newPassword: "a long new password" } },
  ],
  "get /api/identity/verify-email": () => [
    { url: "/api/identity/verify-email?token=made-up&callbackURL=%2F%3Femail-verified%3D1" },
    { url: "/api/identity/verify-email?token=made-up" },
  ],
  "post /api/identity/passkey/sign-in": () => [
    { url: "/api/identity/passkey/sign-in", body: { response: { id: "made-up" } } },
  ],
};

/** A path of the reference with every parameter given a value nobody has. */
const unknownIds = (path: string) =>
  path.replace(/\{\*\}/, "missing/missing.png").replace(/\{\w+\}/g, MISSING);

/** The calls that are wrong in every way a client gets wrong (see the file's comment). */
function wrongCalls(method: string, path: string): Call[] {
  const url = unknownIds(path);
  if (!WRITES.has(method)) return [{ url, signedOut: true }, { url }];
  return [
    { url, body: {}, signedOut: true },
    { url, signedOut: true },
    { url, body: {} },
    { url, raw: "{", contentType: "application/json" },
    { url, raw: "words", contentType: "text/plain" },
    { url, raw: JSON.stringify({ padding: "x".repeat(70 * 1024) }), contentType: "application/json" },
    { url, body: {}, origin: "https://elsewhere.example" },
  ];
}

describe("the API reference lists every status the server answers [pglite]", () => {
  const answers: Answer[] = [];
  let app: FastifyInstance;
  let document: Document;
  let owner: TestUser;
  let close = async () => {};

  beforeAll(async () => {
    const database = await freshDatabase("pglite");
    // Limits off: which statuses a call can get, not how often (a 429 is documented by the
    // limits table: plugins/openapi.ts errorAnswers).
    app = await buildTestApp(database, { rateLimits: false }, { answers });
    close = async () => {
      await app.close();
      await database.close();
    };
    document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
  });
  afterAll(() => close());

  function send(method: string, call: Call, user: TestUser | null) {
    const payload = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    return app.inject({
      method: method.toUpperCase() as HTTPMethods,
      url: call.url,
      remoteAddress: nextIp(),
      headers: {
        origin: call.origin ?? TEST_ORIGIN,
        ...(user ? { cookie: user.cookie } : {}),
        ...(payload !== undefined ? { "content-type": call.contentType ?? "application/json" } : {}),
      },
      payload,
    });
  }

  /** The owner's own things, made through the API as the app makes them. */
  async function fixture(): Promise<Fixture> {
    const a = as(app, owner);
    const phone = "2125550109";
    const created = await a("POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: phone,
      amount: "25.50",
      description: "Pizza",
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().request;
    const paid = await a("POST", `/api/payment-requests/${request.id}/payments`, { amount: "1" });
    const payee = await a("POST", "/api/payees", { name: "Contact", phone: "2125550110" });
    const split = await a("POST", "/api/splits", { total: "20", people: [{ name: "Split", phone }] });
    const series = await a("POST", "/api/recurring-requests", {
      recipientName: "Sam Lee",
      recipientPhone: phone,
      amount: "25.50",
      description: "Rent",
      frequency: "monthly",
      startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    const code = request.shortUrl.split("/").pop();
    const page = await app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
    const card = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1] as string;
    const uploadUrl = async () => new URL((await a("POST", "/api/profile/photo/upload")).json().uploadURL);
    const upload = (url: URL) =>
      send("PUT", { url: `${url.pathname}${url.search}`, raw: PNG, contentType: "image/png" }, null);
    const first = await uploadUrl();
    const uploaded = await upload(first);
    const photo = await a("PUT", "/api/profile/photo", { photoURL: first.toString() });
    const spare = await uploadUrl();
    const unused = await uploadUrl();
    const spareUploaded = await upload(spare);
    for (const response of [created, paid, payee, split, series, uploaded, photo, spareUploaded]) {
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    return {
      userId: (await a("GET", "/api/auth/user")).json().id,
      requestId: request.id,
      paymentId: paid.json().payments[0].id,
      code,
      phone,
      payeeId: payee.json().id,
      splitId: split.json().id,
      seriesId: series.json().id,
      cardPath: new URL(card).pathname,
      currentPhoto: async () => (await a("GET", "/api/auth/user")).json().photo,
      uploadPath: `${unused.pathname}${unused.search}`,
      spareUploadUrl: spare.toString(),
    };
  }

  it("for each operation: its status for a wrong call and for a valid one is in the reference", async () => {
    owner = await createReadyUser(app);
    const f = await fixture();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method, path, key: `${method} ${path}` })),
    );
    for (const { method, path, key } of operations) {
      const calls = [...wrongCalls(method, path), ...((await VALID[key]?.(f, owner)) ?? [])];
      for (const call of calls) {
        let user: TestUser | null = call.signedOut ? null : owner;
        if (user && ENDS_SESSION.has(key)) {
          user = { ...owner, cookie: cookieFrom(await signIn(app, owner.email, owner.password)) };
        }
        await send(method, call, user);
      }
    }

    // Every answer, as the operation of the reference that gave it: better-auth's routes, one
    // catch-all to Fastify, are the operation of the path asked.
    const operationOf = ({ method, route, path }: Answer) => {
      const documented =
        route === "/api/identity/*" ? path : route.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");
      return {
        key: `${method.toLowerCase()} ${documented}`,
        operation: document.paths[documented]?.[method.toLowerCase()],
      };
    };
    const walked = answers.filter((answer) => answer.method !== "HEAD" && answer.route !== OPENAPI_PATH);
    const undocumented = [
      ...new Set(
        walked.flatMap((answer) => {
          const { key, operation } = operationOf(answer);
          return operation && String(answer.status) in operation.responses
            ? []
            : [`${key} ${answer.status}${operation ? "" : " (no such operation)"}`];
        }),
      ),
    ].sort();
    expect(undocumented).toEqual([]);
    // Every operation was called, and answered.
    const answered = new Set(walked.map((answer) => operationOf(answer).key));
    expect(operations.map(({ key }) => key).filter((key) => !answered.has(key))).toEqual([]);
  });
});
