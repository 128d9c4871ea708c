import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { apiTokens, passkeys, sessions, webhookDeliveries, webhookEndpoints } from "#server/db/schema.ts";
import { suppressionToken } from "#server/mail/suppression.ts";
import { unsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import {
  as,
  buildTestApp,
  cookieFrom,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
  TEST_SECRET,
  type TestUser,
} from "./harness";

/**
 * Who may call what. The route list comes from the running app (an `onRoute` collector passed
 * to buildApp), so a new route fails this file until it has a row below. Each row is called
 * with a valid body by three callers: signed out, user A (who owns the resources named in the
 * URL) and user B (another ready user). B must get exactly what a missing id gets, and calls
 * by anyone but A must leave A's data as it was.
 */

type Who = "signedOut" | "owner" | "other";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A's resources, created fresh for every call so that no call depends on another; only A's
 * profile photo is kept from call to call while it lasts (set again once a row removed it).
 */
type Fixture = {
  requestId: string;
  /** A part payment recorded on that request. */
  paymentId: string;
  code: string;
  payeeId: string;
  /** A signed, unused upload URL for A (path and query). */
  uploadUrl: string;
  /** A's uploaded, current profile photo (`/objects/uploads/...`). */
  photoPath: string;
  /** A further upload of A's, not yet set as the photo (full URL). */
  spareUploadUrl: string;
  /** The link-preview card of A's request (path), as the pay page names it. */
  cardPath: string;
  /** Another signed-in device of A's (a session id, not A's current one). */
  sessionId: string;
  /** One of A's passkeys. */
  passkeyId: string;
  /** One of A's split bills. */
  splitId: string;
  /** One of A's Web Push subscriptions (its endpoint never answers: `.invalid`). */
  pushSubscriptionId: string;
  /** The one-click unsubscribe path of A's claim emails. */
  unsubscribePath: string;
  /** One of A's recurring series. */
  seriesId: string;
  /** One of A's personal API tokens. */
  tokenId: string;
  /** One of A's webhook endpoints, and a delivery in its log (a test event). */
  webhookId: string;
  deliveryId: string;
  /** What must never reach anyone but A. */
  secrets: string[];
};

type Call = { url: string; body?: unknown; raw?: Buffer; contentType?: string };

type Case = {
  /** What this row shows, for the test name. */
  name: string;
  call: (a: Fixture, owner: TestUser) => Call;
  expect: Record<Who, number>;
  /** The same call on an id nobody has: B's answer must be identical (status and body). */
  missing?: (a: Fixture) => Call;
  /** The caller gets a fresh session first (the call ends it). */
  endsSession?: boolean;
  /** Others may change A's data through this call by design (the pay page's view beacon). */
  othersMayChangeOwner?: boolean;
  /** The answer is A's own account by design (whoever has A's password signs in as A). */
  revealsOwner?: boolean;
};

/** A real 1x1 PNG: a photo is decoded and re-encoded when set. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const MISSING = "00000000-0000-4000-8000-000000000000";
const VALID = {
  request: {
    recipientName: "Sam Lee",
    recipientPhone: "(212) 555-0101",
    amount: "25.50",
    description: "Pizza",
  },
  setup: { profileName: "Matrix User", paymentAccounts: [{ provider: "venmo", accountHandle: "@matrix" }] },
  profile: { profileName: "Matrix User", firstName: "Matrix", lastName: "User" },
  accounts: { accounts: [{ provider: "cashapp", accountHandle: "$matrix" }] },
  // Far enough ahead that no occurrence is made while the matrix runs.
  recurring: {
    recipientName: "Sam Lee",
    recipientPhone: "(212) 555-0101",
    amount: "25.50",
    description: "Rent",
    frequency: "monthly",
    startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  },
};

/** A browser's subscription as toJSON() gives it; each call its own endpoint. */
const pushSubscription = () => ({
  endpoint: `https://push.invalid/send/${randomInt(1e9)}`,
  expirationTime: null,
  keys: {
    p256dh: `B${"A".repeat(86)}`,
    auth: "AAAAAAAAAAAAAAAAAAAAAA",
  },
});
const VAPID = { ...webPush.generateVAPIDKeys(), subject: "mailto:matrix@example.com" };

const all = (status: number): Record<Who, number> => ({ signedOut: status, owner: status, other: status });
const signedIn = (status: number): Record<Who, number> => ({ signedOut: 401, owner: status, other: status });
/** A's resource by id: A succeeds, B gets a 404 exactly like a missing id. */
const ownerOnly = (status: number): Record<Who, number> => ({ signedOut: 401, owner: status, other: 404 });

/** Every (method, route) of the app, except HEAD. */
const MATRIX: Record<string, Case[]> = {
  "GET /healthz": [{ name: "liveness is public", call: () => ({ url: "/healthz" }), expect: all(200) }],
  "GET /readyz": [{ name: "readiness is public", call: () => ({ url: "/readyz" }), expect: all(200) }],
  "GET /api/openapi.json": [
    { name: "the API reference is public", call: () => ({ url: "/api/openapi.json" }), expect: all(200) },
  ],
  "GET /api/login": [
    { name: "redirects to sign-in", call: () => ({ url: "/api/login?returnTo=/profile" }), expect: all(302) },
  ],
  "GET /api/logout": [
    {
      name: "signs out and redirects",
      call: () => ({ url: "/api/logout" }),
      expect: all(302),
      endsSession: true,
    },
  ],
  "POST /api/logout": [
    {
      name: "signs the caller out",
      call: () => ({ url: "/api/logout" }),
      expect: all(204),
      endsSession: true,
    },
  ],
  "GET /api/auth/sign-in-options": [
    { name: "public", call: () => ({ url: "/api/auth/sign-in-options" }), expect: all(200) },
  ],
  "GET /api/auth/user": [
    { name: "own user only", call: () => ({ url: "/api/auth/user" }), expect: signedIn(200) },
  ],
  "POST /api/auth/setup": [
    {
      name: "own setup only",
      call: () => ({ url: "/api/auth/setup", body: VALID.setup }),
      expect: signedIn(200),
    },
  ],
  "PUT /api/auth/profile": [
    {
      name: "own profile only",
      call: () => ({ url: "/api/auth/profile", body: VALID.profile }),
      expect: signedIn(200),
    },
  ],
  "GET /api/payment-accounts": [
    { name: "own accounts only", call: () => ({ url: "/api/payment-accounts" }), expect: signedIn(200) },
  ],
  "POST /api/payment-accounts": [
    {
      name: "replaces own accounts only",
      call: () => ({ url: "/api/payment-accounts", body: VALID.accounts }),
      expect: signedIn(200),
    },
  ],
  "PUT /api/payment-accounts/order": [
    {
      name: "orders own methods only",
      call: () => ({ url: "/api/payment-accounts/order", body: { order: ["cashapp", "venmo"] } }),
      expect: signedIn(200),
    },
  ],
  "GET /api/payment-requests": [
    { name: "own requests only", call: () => ({ url: "/api/payment-requests" }), expect: signedIn(200) },
  ],
  "POST /api/payment-requests": [
    {
      name: "creates for the caller",
      call: () => ({ url: "/api/payment-requests", body: VALID.request }),
      expect: signedIn(201),
    },
  ],
  "GET /api/payment-requests/summary": [
    {
      name: "own totals only",
      call: () => ({ url: "/api/payment-requests/summary" }),
      expect: signedIn(200),
    },
  ],
  "GET /api/payment-requests/export.csv": [
    {
      name: "own history only",
      call: () => ({ url: "/api/payment-requests/export.csv" }),
      expect: signedIn(200),
    },
  ],
  "GET /api/payment-requests/:id/receipt.pdf": [
    {
      name: "A's request's receipt",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/receipt.pdf` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/receipt.pdf` }),
      expect: ownerOnly(200),
    },
  ],
  "PATCH /api/payment-requests/:id/status": [
    {
      name: "A's request: paid",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/status`, body: { status: "paid" } }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/status`, body: { status: "paid" } }),
      expect: ownerOnly(200),
    },
    {
      name: "A's request: cancelled",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/status`, body: { status: "cancelled" } }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/status`, body: { status: "cancelled" } }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/payment-requests/:id": [
    {
      name: "A's request with its payments",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}` }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/payment-requests/:id/payments": [
    {
      name: "a part payment on A's request",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/payments`, body: { amount: "5" } }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/payments`, body: { amount: "5" } }),
      expect: ownerOnly(201),
    },
  ],
  "DELETE /api/payment-requests/:id/payments/:paymentId": [
    {
      name: "undoes A's part payment",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/payments/${a.paymentId}` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/payments/${MISSING}` }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/balances/:phone": [
    {
      name: "what A's payer owes A",
      call: () => ({ url: "/api/balances/2125550109" }),
      missing: () => ({ url: "/api/balances/2125550999" }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/balances/:phone/statement.pdf": [
    {
      name: "A's statement of what A's payer was asked",
      call: () => ({ url: "/api/balances/2125550109/statement.pdf" }),
      missing: () => ({ url: "/api/balances/2125550999/statement.pdf" }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/balances/:phone/payments": [
    {
      name: "a payment toward what A's payer owes",
      call: () => ({ url: "/api/balances/2125550109/payments", body: { amount: "1", currency: "USD" } }),
      missing: () => ({ url: "/api/balances/2125550999/payments", body: { amount: "1", currency: "USD" } }),
      expect: ownerOnly(201),
    },
  ],
  "POST /api/balances/:phone/link": [
    {
      name: "Request all from A's payer",
      call: () => ({ url: "/api/balances/2125550109/link", body: {} }),
      missing: () => ({ url: "/api/balances/2125550999/link", body: {} }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/payment-requests/:id/remind": [
    {
      name: "A's request",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/remind` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/remind` }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/payment-requests/:id/text": [
    {
      name: "A's request",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/text` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/text` }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/recurring-requests": [
    { name: "own series only", call: () => ({ url: "/api/recurring-requests" }), expect: signedIn(200) },
  ],
  "POST /api/recurring-requests": [
    {
      name: "creates for the caller",
      call: () => ({ url: "/api/recurring-requests", body: VALID.recurring }),
      expect: signedIn(201),
    },
  ],
  "PATCH /api/recurring-requests/:id": [
    {
      name: "A's series: pause",
      call: (a) => ({ url: `/api/recurring-requests/${a.seriesId}`, body: { paused: true } }),
      missing: () => ({ url: `/api/recurring-requests/${MISSING}`, body: { paused: true } }),
      expect: ownerOnly(200),
    },
  ],
  "DELETE /api/recurring-requests/:id": [
    {
      name: "A's series: end",
      call: (a) => ({ url: `/api/recurring-requests/${a.seriesId}` }),
      missing: () => ({ url: `/api/recurring-requests/${MISSING}` }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/tokens": [
    { name: "own tokens only", call: () => ({ url: "/api/tokens" }), expect: signedIn(200) },
  ],
  "POST /api/tokens": [
    {
      name: "a token of one's own",
      call: () => ({ url: "/api/tokens", body: { name: "Matrix", scopes: ["requests:read"] } }),
      expect: signedIn(201),
    },
  ],
  "DELETE /api/tokens/:id": [
    {
      name: "A's token: revoke",
      call: (a) => ({ url: `/api/tokens/${a.tokenId}` }),
      missing: () => ({ url: `/api/tokens/${MISSING}` }),
      expect: ownerOnly(204),
    },
  ],
  "GET /api/webhooks": [
    { name: "own endpoints only", call: () => ({ url: "/api/webhooks" }), expect: signedIn(200) },
  ],
  "POST /api/webhooks": [
    {
      name: "an endpoint of one's own",
      call: () => ({
        url: "/api/webhooks",
        body: { url: "http://127.0.0.1:9/hooks", events: ["request.paid"] },
      }),
      expect: signedIn(201),
    },
  ],
  "PATCH /api/webhooks/:id": [
    {
      name: "A's endpoint: turn off",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}`, body: { enabled: false } }),
      missing: () => ({ url: `/api/webhooks/${MISSING}`, body: { enabled: false } }),
      expect: ownerOnly(200),
    },
  ],
  "DELETE /api/webhooks/:id": [
    {
      name: "A's endpoint: delete",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}` }),
      missing: () => ({ url: `/api/webhooks/${MISSING}` }),
      expect: ownerOnly(204),
    },
  ],
  "POST /api/webhooks/:id/rotate-secret": [
    {
      name: "A's endpoint: a new secret",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}/rotate-secret` }),
      missing: () => ({ url: `/api/webhooks/${MISSING}/rotate-secret` }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/webhooks/:id/test": [
    {
      name: "A's endpoint: a test event",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}/test` }),
      missing: () => ({ url: `/api/webhooks/${MISSING}/test` }),
      expect: ownerOnly(202),
    },
  ],
  "GET /api/webhooks/:id/deliveries": [
    {
      name: "A's endpoint: its delivery log",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}/deliveries` }),
      missing: () => ({ url: `/api/webhooks/${MISSING}/deliveries` }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend": [
    {
      name: "A's delivery: resend",
      call: (a) => ({ url: `/api/webhooks/${a.webhookId}/deliveries/${a.deliveryId}/resend` }),
      missing: (a) => ({ url: `/api/webhooks/${a.webhookId}/deliveries/${MISSING}/resend` }),
      expect: ownerOnly(202),
    },
  ],
  "GET /api/payees": [
    { name: "own contacts only", call: () => ({ url: "/api/payees" }), expect: signedIn(200) },
  ],
  "POST /api/payees": [
    {
      name: "saves for the caller",
      call: () => ({ url: "/api/payees", body: { name: "Alex", phone: "2125550108" } }),
      expect: signedIn(200),
    },
  ],
  "PATCH /api/payees/:id": [
    {
      name: "A's contact",
      call: (a) => ({ url: `/api/payees/${a.payeeId}`, body: { name: "Renamed" } }),
      missing: () => ({ url: `/api/payees/${MISSING}`, body: { name: "Renamed" } }),
      expect: ownerOnly(200),
    },
  ],
  "DELETE /api/payees/:id": [
    {
      name: "A's contact",
      call: (a) => ({ url: `/api/payees/${a.payeeId}` }),
      missing: () => ({ url: `/api/payees/${MISSING}` }),
      expect: ownerOnly(204),
    },
  ],
  // The public side of a request (docs/product.md#pay-page): anyone with the link.
  "GET /api/payment-screen/:code": [
    {
      name: "public view of A's code",
      call: (a) => ({ url: `/api/payment-screen/${a.code}` }),
      expect: all(200),
    },
  ],
  "POST /api/payment-screen/:code/view": [
    {
      name: "anyone's view marks A's request viewed; A's own look is told whom it is for",
      call: (a) => ({ url: `/api/payment-screen/${a.code}/view` }),
      expect: { signedOut: 204, owner: 200, other: 204 },
      othersMayChangeOwner: true,
    },
  ],
  "POST /api/payment-screen/:code/claim": [
    {
      name: "anyone with the link may say they paid A's request",
      call: (a) => ({ url: `/api/payment-screen/${a.code}/claim`, body: { via: "other", note: "Sent" } }),
      expect: all(204),
      othersMayChangeOwner: true,
    },
  ],
  // Only EventSource's Accept gets the (endless) stream; its isolation: routes/events/routes.test.ts.
  "GET /api/events": [
    {
      name: "own events only; a stream for EventSource only",
      call: () => ({ url: "/api/events" }),
      expect: { signedOut: 401, owner: 406, other: 406 },
    },
  ],
  "PATCH /api/payment-requests/:id": [
    {
      name: "changes A's due date and reminder days",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}`, body: { reminderDays: [1, 4] } }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}`, body: { reminderDays: [1, 4] } }),
      expect: ownerOnly(200),
    },
  ],
  "POST /api/payment-requests/:id/stop-reminders": [
    {
      name: "stops A's reminders",
      call: (a) => ({ url: `/api/payment-requests/${a.requestId}/stop-reminders` }),
      missing: () => ({ url: `/api/payment-requests/${MISSING}/stop-reminders` }),
      expect: ownerOnly(200),
    },
  ],
  "GET /api/payment-requests/stop-reminders/:token": [
    {
      name: "the payer's signed link shows its confirm page to anyone who has it",
      call: (a) => ({ url: `/api/payment-requests/stop-reminders/${stopToken(a.requestId, TEST_SECRET)}` }),
      expect: all(200),
    },
  ],
  "POST /api/payment-requests/stop-reminders/:token": [
    {
      // The HMAC token is the authority (one request's reminders, nothing else), as in the email.
      name: "the payer's signed link stops that request's reminders without a session",
      call: (a) => ({ url: `/api/payment-requests/stop-reminders/${stopToken(a.requestId, TEST_SECRET)}` }),
      expect: all(200),
      othersMayChangeOwner: true,
    },
    {
      name: "a forged token stops nothing",
      call: (a) => ({ url: `/api/payment-requests/stop-reminders/${a.requestId}.forged` }),
      expect: all(404),
    },
  ],
  "GET /api/mail/stop/:token": [
    {
      name: "a payer's signed stop link shows its confirm page to anyone who has it",
      call: () => ({ url: `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@example.com")}` }),
      expect: all(200),
    },
  ],
  "POST /api/mail/stop/:token": [
    {
      // The signed token is the authority (a suppression on the mailbox it was sent to), as in the email.
      name: "a payer's signed stop link stops mail to that mailbox without a session",
      call: () => ({ url: `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@example.com")}` }),
      expect: all(200),
    },
    {
      name: "a forged stop token stops nothing",
      call: () => ({ url: `/api/mail/stop/-.${"A".repeat(22)}.${"A".repeat(22)}` }),
      expect: all(404),
    },
  ],
  "POST /api/splits": [
    {
      name: "splits a bill for the caller",
      call: () => ({
        url: "/api/splits",
        body: { total: "30", people: [{ name: "Sam", phone: "2125550104" }] },
      }),
      expect: signedIn(201),
    },
  ],
  "GET /api/splits/:id": [
    {
      name: "A's split",
      call: (a) => ({ url: `/api/splits/${a.splitId}` }),
      missing: () => ({ url: `/api/splits/${MISSING}` }),
      expect: ownerOnly(200),
    },
  ],
  // Profile → Notifications (routes/notifications): the caller's own settings and devices.
  "GET /api/notifications/settings": [
    {
      name: "own settings only",
      call: () => ({ url: "/api/notifications/settings" }),
      expect: signedIn(200),
    },
  ],
  "PUT /api/notifications/settings": [
    {
      name: "changes own settings only",
      call: () => ({ url: "/api/notifications/settings", body: { channels: { view: { email: true } } } }),
      expect: signedIn(200),
    },
  ],
  "PUT /api/notifications/time-zone": [
    {
      name: "stores the caller's own zone",
      call: () => ({ url: "/api/notifications/time-zone", body: { timeZone: "Europe/Paris" } }),
      expect: signedIn(204),
    },
  ],
  "POST /api/notifications/push-subscriptions": [
    {
      name: "subscribes the caller's device",
      call: () => ({ url: "/api/notifications/push-subscriptions", body: pushSubscription() }),
      expect: signedIn(201),
    },
  ],
  "DELETE /api/notifications/push-subscriptions/:id": [
    {
      name: "A's device",
      call: (a) => ({ url: `/api/notifications/push-subscriptions/${a.pushSubscriptionId}` }),
      missing: () => ({ url: `/api/notifications/push-subscriptions/${MISSING}` }),
      expect: ownerOnly(204),
    },
  ],
  "POST /api/notifications/push-test": [
    {
      // To the caller's devices (push.invalid never answers: sent 0); A's are never named.
      name: "the caller's own devices only",
      call: () => ({ url: "/api/notifications/push-test" }),
      expect: signedIn(200),
    },
  ],
  // RFC 8058: whoever holds A's link (A's mailbox provider) may turn off that one email of A's.
  "GET /api/notifications/unsubscribe/:token": [
    {
      name: "the confirmation page of A's link changes nothing",
      call: (a) => ({ url: a.unsubscribePath }),
      expect: all(200),
    },
  ],
  "POST /api/notifications/unsubscribe/:token": [
    {
      name: "A's link turns off A's claim emails, for anyone holding it",
      call: (a) => ({ url: a.unsubscribePath }),
      expect: all(200),
      othersMayChangeOwner: true,
    },
  ],
  "GET /pay/:code": [
    { name: "public page of A's code", call: (a) => ({ url: `/pay/${a.code}` }), expect: all(200) },
  ],
  "GET /pay/:code/receipt.pdf": [
    {
      name: "the payer's receipt of A's code is public",
      call: (a) => ({ url: `/pay/${a.code}/receipt.pdf` }),
      expect: all(200),
    },
  ],
  "GET /pay/:code/card/:file": [
    { name: "A's link-preview card is public", call: (a) => ({ url: a.cardPath }), expect: all(200) },
  ],
  "GET /robots.txt": [{ name: "public", call: () => ({ url: "/robots.txt" }), expect: all(200) }],
  "GET /favicon.ico": [{ name: "public", call: () => ({ url: "/favicon.ico" }), expect: all(200) }],
  "POST /api/profile/photo/upload": [
    {
      name: "an upload URL for the caller",
      call: () => ({ url: "/api/profile/photo/upload" }),
      expect: signedIn(200),
    },
  ],
  "PUT /api/profile/photo": [
    {
      // Upload keys carry an HMAC tag of their owner: another user's key is refused as such (403)
      // before storage is looked at, so the answer tells nothing about whether it exists.
      name: "A's upload becomes A's photo; B cannot take it",
      call: (a) => ({ url: "/api/profile/photo", body: { photoURL: a.spareUploadUrl } }),
      expect: { signedOut: 401, owner: 200, other: 403 },
    },
  ],
  // Photos are public by design (docs/product.md#photo: shown on the payment page).
  "GET /objects/*": [{ name: "A's photo is public", call: (a) => ({ url: a.photoPath }), expect: all(200) }],
  // The signed URL is the authorization (like an S3 presigned PUT): whoever holds it may upload once.
  "PUT /api/uploads/*": [
    {
      name: "A's signed upload URL",
      call: (a) => ({ url: a.uploadUrl, raw: PNG, contentType: "image/png" }),
      expect: all(200),
    },
  ],
  "GET /api/account": [
    { name: "own account status only", call: () => ({ url: "/api/account" }), expect: signedIn(200) },
  ],
  "POST /api/account/verification-email": [
    {
      name: "own address only; says mail is off here",
      call: () => ({ url: "/api/account/verification-email" }),
      expect: { signedOut: 401, owner: 503, other: 503 },
    },
  ],
  "POST /api/account/password": [
    {
      // A correct change would end A's other sessions (this matrix's own): the check is enough.
      name: "needs the caller's current password",
      call: () => ({
        url: "/api/account/password",
        body: { currentPassword: "not the password", newPassword: "another long password" },
      }),
      expect: { signedOut: 401, owner: 400, other: 400 },
    },
  ],
  "GET /api/account/sessions": [
    { name: "own devices only", call: () => ({ url: "/api/account/sessions" }), expect: signedIn(200) },
  ],
  "DELETE /api/account/sessions/:id": [
    {
      name: "A's other device",
      call: (a) => ({ url: `/api/account/sessions/${a.sessionId}` }),
      missing: () => ({ url: "/api/account/sessions/no-such-session" }),
      expect: ownerOnly(204),
    },
  ],
  "POST /api/account/sessions/sign-out-others": [
    {
      name: "the caller's other devices only",
      call: () => ({ url: "/api/account/sessions/sign-out-others" }),
      expect: signedIn(200),
    },
  ],
  "GET /api/account/export": [
    { name: "own data only", call: () => ({ url: "/api/account/export" }), expect: signedIn(200) },
  ],
  "DELETE /api/account": [
    {
      // Deleting A for real would end this matrix: the password check is what guards it.
      name: "needs the caller's password",
      call: () => ({ url: "/api/account", body: { password: "not the password" } }),
      expect: { signedOut: 401, owner: 400, other: 400 },
    },
  ],
  "GET /api/passkeys": [
    { name: "own passkeys only", call: () => ({ url: "/api/passkeys" }), expect: signedIn(200) },
  ],
  "POST /api/passkeys/registration-options": [
    {
      name: "a challenge for the caller",
      call: () => ({ url: "/api/passkeys/registration-options" }),
      expect: signedIn(200),
    },
  ],
  "POST /api/passkeys": [
    {
      name: "adds to the caller only (an unverifiable response is refused)",
      call: () => ({ url: "/api/passkeys", body: { response: { id: "x", type: "public-key" } } }),
      expect: signedIn(400),
    },
  ],
  "DELETE /api/passkeys/:id": [
    {
      name: "A's passkey",
      call: (a) => ({ url: `/api/passkeys/${a.passkeyId}` }),
      missing: () => ({ url: `/api/passkeys/${MISSING}` }),
      expect: ownerOnly(204),
    },
  ],
  "GET /api/account/reset-token/:token": [
    {
      name: "public: a link nobody was sent is not found for anyone",
      call: () => ({ url: "/api/account/reset-token/no-such-token" }),
      expect: all(404),
    },
  ],
  "POST /api/passkeys/sign-in-options": [
    {
      name: "a sign-in challenge for anyone",
      call: () => ({ url: "/api/passkeys/sign-in-options" }),
      expect: all(200),
    },
  ],
  "GET /api/identity/*": [
    // Only sign-in, sign-up and the OIDC callback are exposed (routes/identity/routes.ts).
    {
      name: "get-session: not exposed",
      call: () => ({ url: "/api/identity/get-session" }),
      expect: all(404),
    },
    {
      name: "list-sessions: not exposed",
      call: () => ({ url: "/api/identity/list-sessions" }),
      expect: all(404),
    },
    { name: "unknown path", call: () => ({ url: "/api/identity/no-such-endpoint" }), expect: all(404) },
  ],
  "POST /api/identity/*": [
    {
      name: "sign-in as A: public, needs A's password",
      call: (_a, owner) => ({
        url: "/api/identity/sign-in/email",
        body: { email: owner.email, password: owner.password },
      }),
      expect: all(200),
      revealsOwner: true,
    },
    {
      // This app has no mail: reset is off for everyone alike (with mail: recovery.test.ts).
      name: "request-password-reset: the same answer for anyone",
      call: (_a, owner) => ({ url: "/api/identity/request-password-reset", body: { email: owner.email } }),
      expect: all(400),
    },
    {
      name: "reset-password: a made-up token is refused",
      call: () => ({
        url: "/api/identity/reset-password",
        body: { token: "made-up", newPassword: "x".repeat(12) },
      }),
      expect: all(400),
    },
    {
      name: "passkey sign-in: an assertion nobody made is refused",
      call: () => ({ url: "/api/identity/passkey/sign-in", body: { response: { id: "made-up" } } }),
      expect: all(401),
    },
    {
      name: "update-user: not exposed",
      call: () => ({ url: "/api/identity/update-user", body: { name: "Renamed" } }),
      expect: all(404),
    },
  ],
};

/**
 * The matrix in `parts` test files (authorization-matrix-N.test.ts), so that vitest's workers
 * share it: in one file its 138 rows on two databases took 44 s on one worker, the suite's
 * longest file. Part `part` (1-based) checks every `parts`-th route of the table; part 1 also
 * checks that the table and the app's routes match.
 */
export function authorizationMatrix(part: number, parts: number): void {
  describeEachDatabase(`authorization matrix, part ${part} of ${parts}`, (ctx) => {
    const routes: { method: string; url: string }[] = [];
    let app: FastifyInstance;
    let owner: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      // Who may call what, not how often: one owner makes hundreds of calls (rate-limits.test.ts).
      app = await buildTestApp(
        ctx.database,
        { rateLimits: false, vapid: VAPID },
        {
          push: { timeoutMs: 2_000, testHosts: [/^push\.invalid$/] },
          onRoute: (route) => {
            for (const method of [route.method].flat()) routes.push({ method, url: route.url });
          },
        },
      );
      owner = await createReadyUser(app);
      other = await createReadyUser(app);
      // B has a device of its own (push-test answers 409 to a caller with none): no row may
      // rely on another row having run first.
      const device = await as(app, other)(
        "POST",
        "/api/notifications/push-subscriptions",
        pushSubscription(),
      );
      expect(device.statusCode, device.body).toBe(201);
    });
    afterAll(async () => {
      await app?.close();
    });

    /** The app's routes, as table keys; HEAD is Fastify's automatic twin of each GET. */
    const appRoutes = () => [
      ...new Set(routes.filter((r) => r.method !== "HEAD").map((r) => `${r.method} ${r.url}`)),
    ];

    it.runIf(part === 1)(
      "has an expectation for every route of the app, and none for a route that is gone",
      () => {
        expect(appRoutes().length).toBeGreaterThan(20);
        for (const route of appRoutes()) {
          expect(
            MATRIX[route],
            `route ${route} has no authorization expectation — add it to MATRIX`,
          ).toBeDefined();
        }
        for (const key of Object.keys(MATRIX)) {
          expect(appRoutes(), `MATRIX row ${key} matches no route of the app — remove it`).toContain(key);
        }
      },
    );

    /** Fresh resources of A's: a pending request, a contact, a photo, a spare upload and an unused upload URL. */
    async function fixture(): Promise<Fixture> {
      const a = as(app, owner);
      // A's phone numbers differ from the ones B sends, so finding them in B's answers is a leak.
      const created = (
        await a("POST", "/api/payment-requests", { ...VALID.request, recipientPhone: "(212) 555-0109" })
      ).json();
      const paid = await a("POST", `/api/payment-requests/${created.request.id}/payments`, { amount: "1" });
      expect(paid.statusCode, paid.body).toBe(201);
      const phone = `2125550${randomInt(110, 200)}`;
      const payee = (await a("POST", "/api/payees", { name: "Contact", phone })).json();
      const upload = async () => {
        const url = new URL((await a("POST", "/api/profile/photo/upload")).json().uploadURL);
        const response = await app.inject({
          method: "PUT",
          url: `${url.pathname}${url.search}`,
          headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
          payload: PNG,
        });
        expect(response.statusCode, response.body).toBe(200);
        return url;
      };
      // A's current photo, set anew only when a row took it away: setting one (decode, versions,
      // storage) was 40% of this set-up, and no row changes the photo it is given but A's own.
      const user = (await a("GET", "/api/auth/user")).json();
      let photoPath: string | null = user.photo;
      if (!photoPath) {
        const photo = await a("PUT", "/api/profile/photo", { photoURL: (await upload()).toString() });
        expect(photo.statusCode, photo.body).toBe(200);
        photoPath = photo.json().objectPath as string;
      }
      const unused = new URL((await a("POST", "/api/profile/photo/upload")).json().uploadURL);
      const code = created.request.shortUrl.split("/").pop();
      const page = await app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
      const card = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1] as string;
      const ownerId = user.id;
      const sessionId = `matrix-${randomInt(1e9)}`;
      await ctx.database.db.insert(sessions).values({
        id: sessionId,
        token: `${sessionId}-token`,
        userId: ownerId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      // A keeps one passkey at a time (an account keeps at most 10: limits.ts CAPS.perAccount).
      await ctx.database.db.delete(passkeys).where(eq(passkeys.userId, ownerId));
      const [passkey] = await ctx.database.db
        .insert(passkeys)
        .values({ userId: ownerId, credentialId: sessionId, publicKey: "AA", name: "Matrix key" })
        .returning({ id: passkeys.id });
      const split = (
        await a("POST", "/api/splits", { total: "20", people: [{ name: "Split", phone }] })
      ).json();
      const device = await a("POST", "/api/notifications/push-subscriptions", pushSubscription());
      expect(device.statusCode, device.body).toBe(201);
      const series = (
        await a("POST", "/api/recurring-requests", { ...VALID.recurring, recipientPhone: phone })
      ).json();
      // One token and one endpoint at a time (an account keeps at most 20 and 10).
      await ctx.database.db.delete(apiTokens).where(eq(apiTokens.userId, ownerId));
      await ctx.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, ownerId));
      const token = (
        await a("POST", "/api/tokens", { name: "Matrix token", scopes: ["requests:read"] })
      ).json();
      const webhook = (
        await a("POST", "/api/webhooks", { url: "http://127.0.0.1:9/hooks", events: ["request.paid"] })
      ).json();
      const delivery = (await a("POST", `/api/webhooks/${webhook.id}/test`)).json();
      // Given up (its endpoint never answers): Resend takes only a delivery no longer being tried.
      await ctx.database.db
        .update(webhookDeliveries)
        .set({ state: "failed" })
        .where(eq(webhookDeliveries.id, delivery.id));
      return {
        tokenId: token.id,
        webhookId: webhook.id,
        deliveryId: delivery.id,
        pushSubscriptionId: device.json().id,
        unsubscribePath: `/api/notifications/unsubscribe/${unsubscribeToken(TEST_SECRET, ownerId, "claim")}`,
        seriesId: series.id,
        splitId: split.id,
        sessionId,
        passkeyId: passkey?.id as string,
        requestId: created.request.id,
        paymentId: paid.json().payments[0].id,
        code,
        cardPath: new URL(card).pathname,
        payeeId: payee.id,
        photoPath,
        spareUploadUrl: (await upload()).toString(),
        uploadUrl: `${unused.pathname}${unused.search}`,
        secrets: [
          created.request.id,
          payee.id,
          owner.email,
          "2125550109",
          "555-0109",
          phone,
          sessionId,
          "Matrix key",
          device.json().id,
          series.id,
          token.id,
          webhook.id,
          webhook.secret,
        ],
      };
    }

    /** A's data as A sees it. */
    async function ownerData(): Promise<string> {
      const a = as(app, owner);
      const urls = [
        "/api/payment-requests",
        "/api/payees",
        "/api/payment-accounts",
        "/api/auth/user",
        "/api/recurring-requests",
      ];
      return JSON.stringify(await Promise.all(urls.map(async (url) => (await a("GET", url)).json())));
    }

    async function freshSession(user: TestUser): Promise<TestUser> {
      const response = await app.inject({
        method: "POST",
        url: "/api/identity/sign-in/email",
        remoteAddress: nextIp(),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode, response.body).toBe(200);
      return { ...user, cookie: cookieFrom(response) };
    }

    function send(method: Method, call: Call, user: TestUser | null): Promise<LightMyRequestResponse> {
      const hasBody = call.raw !== undefined || call.body !== undefined;
      return app.inject({
        method,
        url: call.url,
        // Public routes limit misses and sign-ins per IP: each call from its own address.
        remoteAddress: nextIp(),
        headers: {
          origin: TEST_ORIGIN,
          ...(user ? { cookie: user.cookie } : {}),
          ...(hasBody ? { "content-type": call.contentType ?? "application/json" } : {}),
        },
        payload: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
      });
    }

    for (const [key, cases] of Object.entries(MATRIX).filter((_, index) => index % parts === part - 1)) {
      const method = key.split(" ")[0] as Method;
      describe(key, () => {
        for (const row of cases) {
          it(`${row.name}: signed out ${row.expect.signedOut}, A ${row.expect.owner}, B ${row.expect.other}`, async () => {
            let unchanged: Fixture | null = null;
            for (const who of ["signedOut", "other", "owner"] as const) {
              // A's fresh resources for each caller; B meets the ones a refused signed-out call
              // left as they were, which spares a third of the set-up.
              const a: Fixture =
                who === "other" && unchanged && !row.othersMayChangeOwner ? unchanged : await fixture();
              const before = await ownerData();
              const base = who === "signedOut" ? null : who === "owner" ? owner : other;
              const user = base && row.endsSession ? await freshSession(base) : base;
              const call = row.call(a, owner);
              const response = await send(method, call, user);
              const label = `${key} (${row.name}) as ${who}`;
              expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(row.expect[who]);
              if (who === "signedOut" && response.statusCode >= 400) unchanged = a;
              if (response.statusCode >= 400) {
                expect(typeof response.json().message, `${label}: no {message}`).toBe("string");
              }
              if (who !== "owner") {
                // Nothing of A's leaks to anyone else, and nothing of A's changes.
                if (!row.revealsOwner) {
                  for (const secret of a.secrets) {
                    expect(response.body, `${label} leaks A's ${secret}`).not.toContain(secret);
                  }
                }
                if (!row.othersMayChangeOwner)
                  expect(await ownerData(), `${label} changed A's data`).toBe(before);
              }
              if (who === "other" && row.missing) {
                const missing = await send(method, row.missing(a), other);
                expect(
                  { status: response.statusCode, body: response.json() },
                  `${label}: unlike a missing id`,
                ).toEqual({
                  status: missing.statusCode,
                  body: missing.json(),
                });
              }
            }
          });
        }
      });
    }
  });
}
