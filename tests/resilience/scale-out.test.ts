import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { callFrom, createDatabase, dropDatabases, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

/**
 * Two app processes on one PostgreSQL: sessions, rate limits and the public-view cache's
 * invalidations are shared, not per process.
 */
it("shares sessions and rate limits between two processes", async () => {
  const database = await createDatabase();
  // The limits are what this test shares (RATE_LIMITS=false switches every one of them off).
  const a = await startServer({ DATABASE_URL: database.url, RATE_LIMITS: "true" });
  const b = await startServer({ DATABASE_URL: database.url, RATE_LIMITS: "true" });
  const client = await signUp(a.base);

  // A session made on A works on B, and a request made on B is listed on A.
  const me = await client.call("GET", "/api/auth/user", undefined, b.base);
  expect(me.status).toBe(200);
  const created = await client.call(
    "POST",
    "/api/payment-requests",
    { recipientName: "Sam", recipientPhone: "2125550101", amount: "3.00" },
    b.base,
  );
  expect(created.status).toBe(201);
  const { request } = (await created.json()) as { request: { id: string; shortUrl: string } };
  expect(
    ((await (await client.call("GET", "/api/payment-requests", undefined, a.base)).json()) as unknown[])
      .length,
  ).toBe(1);

  // A's cached public view follows a change made on B (PostgreSQL NOTIFY between processes).
  const code = request.shortUrl.split("/").pop();
  const statusOnA = async () =>
    ((await (await fetch(`${a.base}/api/payment-screen/${code}`)).json()) as { request: { status: string } })
      .request.status;
  expect(await statusOnA()).toBe("pending");
  const paid = await client.call(
    "PATCH",
    `/api/payment-requests/${request.id}/status`,
    { status: "paid" },
    b.base,
  );
  expect(paid.status).toBe(200);
  await until(async () => (await statusOnA()) === "paid", 2_000);

  // Sign-in attempts: 10 a minute per IP, counted across both processes (one account each, so
  // the per-account lock stays out of it).
  // From an address of their own: the sign-up above counted on 127.0.0.1.
  const attempt = (base: string, email: string) =>
    callFrom("127.0.0.7", `${base}/api/identity/sign-in/email`, {
      method: "POST",
      body: { email, password: "wrong password!" },
    }).then((r) => r.status);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++)
    statuses.push(await attempt(i % 2 === 0 ? a.base : b.base, `n${i}@example.com`));
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);

  // Unknown pay codes: 20 misses a minute per IP, counted across both processes.
  const misses: number[] = [];
  for (let i = 0; i < 22; i++) {
    const base = i % 2 === 0 ? a.base : b.base;
    misses.push(
      (await callFrom("127.0.0.8", `${base}/api/payment-screen/unknown${String(i).padStart(3, "0")}`)).status,
    );
  }
  expect(misses.slice(0, 20).every((s) => s === 404)).toBe(true);
  expect(misses.slice(20)).toEqual([429, 429]);

  for (const server of [a, b]) {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }
}, 120_000);
