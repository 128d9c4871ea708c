import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS from "openapi-typescript";
import { expect, it } from "vitest";
import { as, buildTestApp, createReadyUser, freshDatabase, until } from "#server/test/harness.ts";
import { startWebhookReceiver } from "#server/test/webhook-receiver.ts";
import { OPENAPI_PATH } from "./openapi";

const ROOT = path.join(import.meta.dirname, "../../..");

/**
 * What an integrator writes (docs/api.md): a client typed from the live document with
 * openapi-typescript, calling with openapi-fetch and a personal API token. The `@ts-expect-error`
 * line proves the types are the API's: the type check fails if a wrong body were accepted.
 */
const CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./collect-api";

export async function run(baseUrl: string, token: string) {
  const collect = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const created = await collect.POST("/api/payment-requests", {
    body: { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "40", description: "Rent" },
  });
  if (!created.data) throw new Error(\`create: \${JSON.stringify(created.error)}\`);
  const id: string = created.data.request.id;
  const listed = await collect.GET("/api/payment-requests");
  const paid = await collect.POST("/api/payment-requests/{id}/payments", {
    params: { path: { id } },
    body: { amount: "40" },
  });
  // @ts-expect-error: an amount is a string of digits, and a request needs a name and a number.
  await collect.POST("/api/payment-requests", { body: { amount: 40 } }).catch(() => null);
  return { id, listed: (listed.data ?? []).map((r) => r.id), status: paid.data?.status };
}
`;

it("a client generated from the live reference creates, lists and settles a request with a token, and the signed webhooks arrive", async () => {
  const database = await freshDatabase("pglite");
  const app = await buildTestApp(database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const receiver = await startWebhookReceiver();
  // Under node_modules, so that the client resolves openapi-fetch as an integrator's would.
  const dir = path.join(ROOT, "node_modules/.cache", `typed-client-${process.pid}`);
  try {
    const call = as(app, await createReadyUser(app));
    const endpoint = (
      await call("POST", "/api/webhooks", {
        url: receiver.url,
        events: ["request.created", "request.payment_recorded", "request.paid"],
      })
    ).json();
    receiver.trust(endpoint.secret);
    const { token } = (
      await call("POST", "/api/tokens", { name: "sheet", scopes: ["requests:read", "requests:write"] })
    ).json();

    const document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "collect-api.d.ts"), await openapiTS(document));
    writeFileSync(path.join(dir, "client.ts"), CLIENT);
    const tsc = path.join(ROOT, "node_modules/.bin/tsc");
    await promisify(execFile)(
      tsc,
      [
        "--ignoreConfig",
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--target",
        "es2022",
        "--module",
        "preserve",
        "--moduleResolution",
        "bundler",
        "client.ts",
      ],
      { cwd: dir },
    ).catch((error: { stdout?: string }) => {
      throw new Error(`the typed client does not type-check:\n${error.stdout}`);
    });

    const { run } = (await import(path.join(dir, "client.ts"))) as {
      run: (baseUrl: string, token: string) => Promise<{ id: string; listed: string[]; status?: string }>;
    };
    const result = await run(base, token);
    expect(result.listed).toContain(result.id);
    expect(result.status).toBe("paid");
    await until(() => receiver.received.length >= 3, 10_000);
    expect(receiver.received.map((r) => r.type).sort()).toEqual([
      "request.created",
      "request.paid",
      "request.payment_recorded",
    ]);
    expect(receiver.received.every((r) => r.verifiedWith[0] === true)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await receiver.close();
    await app.close();
    await database.close();
  }
}, 60_000);
