import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { REQUEST_BODY } from "#server/test/fixtures.ts";
import { as, buildTestApp, createReadyUser, freshDatabase, type TestUser } from "#server/test/harness.ts";

/**
 * What one create asks the database: the requester's zone and default days, then one statement
 * that inserts the request with its reminders. A transaction of BEGIN, the insert, a DELETE of
 * reminders a new request cannot have, their INSERT, COMMIT, then two reads of the reminders and
 * deliveries back for the answer cut `POST /api/payment-requests` from ~3,000 to ~450 req/s in
 * `npm run bench` (each round trip holds a pooled connection while the event loop is busy).
 */
let database: Database;
let app: FastifyInstance;
let user: TestUser;
beforeAll(async () => {
  database = await freshDatabase("pglite");
  // The write limit counts in the database too (limits.test.ts): here only the create itself.
  app = await buildTestApp(database, { rateLimits: false });
  user = await createReadyUser(app);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it("a create is two statements and no transaction, its reminders in the insert's", async () => {
  const client = (database.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> })
    .$client;
  const statements: string[] = [];
  const originals = { query: client.query, exec: client.exec, transaction: client.transaction };
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = originals[name] as (...args: unknown[]) => unknown;
    client[name] = function (this: unknown, ...args: unknown[]) {
      statements.push(name === "transaction" ? "BEGIN" : String(args[0]).replace(/\s+/g, " ").slice(0, 80));
      return original.apply(this, args);
    };
  }
  try {
    const created = await as(app, user)("POST", "/api/payment-requests", {
      ...REQUEST_BODY,
      reminderDays: [3, 7],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().request.reminders).toMatchObject({ state: "scheduled" });
  } finally {
    Object.assign(client, originals);
  }
  const own = statements.filter((s) => !/pg_notify|^LISTEN|^UNLISTEN/i.test(s));
  expect(own, own.join("\n")).toHaveLength(2);
  expect(own[0]).toMatch(/^select "time_zone", "reminder_days", "country", "currency", "language"/);
  expect(own[1]).toMatch(/^with "written" as \(insert into "reminder"/);
});
