import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { startWebhookReceiver } from "#server/test/webhook-receiver.ts";
import { createDatabase, dropDatabases, type ServerProcess, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

const REQUESTS = 40;

/**
 * Two app processes on one PostgreSQL post `request.created` for 40 requests made with a personal
 * API token to a slow endpoint, and both are SIGKILLed while posts are in flight. Every event
 * reaches the endpoint, signed, under one `webhook-id` each: an attempt cut off by a kill is sent
 * again with the same id (the test reports how often), and every delivery ends `delivered`.
 */
it("delivers every webhook event at least once, under one id each, across two processes and SIGKILLs", async () => {
  const database = await createDatabase();
  const receiver = await startWebhookReceiver();
  // Slow enough that a kill lands while posts wait for their answer.
  receiver.slow(400);
  const env = {
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_ADDRESSES: "127.0.0.0/8",
    WEBHOOK_RETRY_DELAY_SECONDS: "1",
    // A killed process's attempt is taken over within seconds.
    JOBS_EXPIRE_SECONDS: "3",
    JOBS_SUPERVISE_SECONDS: "1",
    JOBS_RETRY_DELAY_MAX_SECONDS: "2",
  };
  const servers: ServerProcess[] = [await startServer(env), await startServer(env)];
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const first = servers[0] as ServerProcess;
    const client = await signUp(first.base);
    const endpoint = await (
      await client.call("POST", "/api/webhooks", { url: receiver.url, events: ["request.created"] })
    ).json();
    receiver.trust(endpoint.secret);
    const token = (
      await (await client.call("POST", "/api/tokens", { name: "sheet", scopes: ["requests:write"] })).json()
    ).token as string;

    const made: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const server = servers[i % 2] as ServerProcess;
      const response = await fetch(`${server.base}/api/payment-requests`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ recipientName: `Tenant ${i}`, recipientPhone: "2125550101", amount: "10" }),
      });
      expect(response.status).toBe(201);
      made.push((await response.json()).request.id);
      // Kill each process once while its posts are in flight, and start it again.
      if (i === 12 || i === 26) {
        const k = i === 12 ? 0 : 1;
        await until(() => receiver.received.length > 0, 10_000);
        const victim = servers[k] as ServerProcess;
        victim.child.kill("SIGKILL");
        await victim.exited;
        servers[k] = await startServer(env);
      }
    }

    const settled = async () =>
      (await db.query("select count(*)::int as n from webhook_delivery where state = 'delivered'")).rows[0].n;
    await until(async () => (await settled()) === REQUESTS, 90_000);
    const got = receiver.ofType("request.created");
    const idsByRequest = new Map<string, Set<string>>();
    for (const event of got) {
      const id = (event.data.request as { id: string }).id;
      idsByRequest.set(id, (idsByRequest.get(id) ?? new Set()).add(event.id));
    }
    // Every request's event arrived, each under exactly one id, every copy signed.
    expect([...idsByRequest.keys()].sort()).toEqual([...made].sort());
    expect([...idsByRequest.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(got.every((event) => event.verifiedWith[0] === true)).toBe(true);
    const rows = (await db.query("select count(*)::int as n from webhook_delivery")).rows[0].n;
    expect(rows).toBe(REQUESTS);
    console.log(
      `webhooks: ${got.length} posts for ${REQUESTS} events (${got.length - REQUESTS} resent after a kill)`,
    );
  } finally {
    await db.end();
    await Promise.all(servers.map(async (s) => s.child.kill("SIGKILL")));
    await receiver.close();
  }
}, 150_000);
