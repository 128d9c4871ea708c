import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import {
  as,
  buildTestApp,
  createUser,
  databaseKinds,
  freshDatabase,
  nextIp,
  TEST_ORIGIN,
} from "#server/test/harness.ts";

/** Issue 25 F15: a failed query's parameters (a session token) and emails stay out of the log. */
describe.each(databaseKinds)("secrets in logs [%s]", (kind) => {
  let database: Database;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    app = await buildTestApp(
      database,
      { logLevel: "info" },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("logs a failed query without its parameters, and no email", async () => {
    const user = await createUser(app);
    const token = decodeURIComponent(/session_token=([^.;]+)/.exec(user.cookie)?.[1] ?? "");
    expect(token.length).toBeGreaterThan(10);
    // Sign-up with a registered email: better-auth logs the attempt, naming the address.
    const again = await app.inject({
      method: "POST",
      url: "/api/identity/sign-up/email",
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: user.email, password: "another long password", name: "" },
    });
    expect(again.statusCode).toBe(200);
    // The session lookup fails in the database, its token among the query's parameters.
    await database.db.execute(sql`ALTER TABLE "session" RENAME TO "session_gone"`);
    try {
      const failed = await as(app, user)("GET", "/api/auth/user");
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await database.db.execute(sql`ALTER TABLE "session_gone" RENAME TO "session"`);
    }
    const log = lines.join("");
    // The lines are there, with the query and the error, only without the secrets.
    expect(log).toContain("Sign-up attempt for existing email: [EMAIL]");
    expect(log).toMatch(/"level":50.*"msg":"request failed"/);
    expect(log).toContain('from \\"session\\" where \\"session\\".\\"token\\" = $1\\nparams: [REDACTED]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(user.email);
  });
});
