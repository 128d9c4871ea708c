import { afterAll, expect, it, vi } from "vitest";
import { createDatabase, dropDatabases, REQUEST, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

/**
 * PostgreSQL goes away during load (its connections are terminated and new ones refused): the
 * app answers 503 {message} meanwhile, never crashes, and recovers by itself.
 */
it("answers 503 while PostgreSQL is away and recovers by itself", async () => {
  const database = await createDatabase();
  const server = await startServer({ DATABASE_URL: database.url });
  const client = await signUp(server.base);
  const created = await client.call("POST", "/api/payment-requests", REQUEST);
  const code = String((await created.json()).request.shortUrl)
    .split("/")
    .pop();

  const statuses = new Map<number, number>();
  const bodies: unknown[] = [];
  let stop = false;
  const reader = async () => {
    while (!stop) {
      const response = await fetch(`${server.base}/api/payment-screen/${code}`);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status !== 200) bodies.push(await response.json());
      else await response.arrayBuffer();
    }
  };
  const readers = Array.from({ length: 4 }, reader);
  await new Promise((r) => setTimeout(r, 300));

  // Down: refuse new connections and end the app's current ones.
  await database.admin(`ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS false`);
  await database.admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}'`,
  );
  // The app notices within seconds: /readyz turns 503 once its next query fails.
  await vi.waitFor(async () => expect((await fetch(`${server.base}/readyz`)).status).toBe(503), {
    timeout: 5_000,
    interval: 100,
  });
  const write = await client.call("POST", "/api/payment-requests", REQUEST);
  expect(write.status).toBe(503);
  expect(await write.json()).toEqual({ message: expect.any(String) });
  const me = await client.call("GET", "/api/auth/user");
  expect(me.status).toBe(503);

  // Back up.
  await database.admin(`ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS true`);
  let recoveredAfter = -1;
  const t0 = performance.now();
  while (performance.now() - t0 < 15_000) {
    if ((await fetch(`${server.base}/readyz`)).ok) {
      recoveredAfter = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await Promise.all(readers);

  expect(recoveredAfter).toBeGreaterThanOrEqual(0);
  expect(server.child.exitCode).toBeNull();
  expect(statuses.get(503)).toBeGreaterThan(0);
  expect([...statuses.keys()].sort()).toEqual([200, 503]);
  for (const body of bodies) expect(body).toEqual({ message: expect.any(String) });
  const after = await client.call("POST", "/api/payment-requests", REQUEST);
  expect(after.status).toBe(201);
  console.log(
    `PostgreSQL outage: ${JSON.stringify(Object.fromEntries(statuses))}, recovered ${Math.round(recoveredAfter)} ms after it came back`,
  );
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}, 120_000);
