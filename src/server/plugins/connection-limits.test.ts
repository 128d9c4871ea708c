import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { openFileLimit } from "#server/lib/open-file-limit.ts";
import { CAPS } from "#server/limits.ts";
import { freshDatabase, tempDir, testConfig } from "#server/test/harness.ts";
import { connectionLimits } from "./connection-limits";

it("keeps the total below the open-file limit, so that limit never refuses a client", () => {
  const { perAddress, total, reservedFds } = CAPS.connections;
  expect(connectionLimits(undefined)).toEqual({ perAddress, total });
  expect(connectionLimits(1_000_000).total).toBe(total);
  expect(connectionLimits(1024).total).toBe(1024 - reservedFds);
});

it("reads the soft open-file limit from /proc/self/limits", () => {
  const file = path.join(tempDir("collect-limits-"), "limits");
  writeFileSync(
    file,
    "Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n",
  );
  expect(openFileLimit(file)).toBe(1024);
  expect(openFileLimit(path.join(file, "missing"))).toBeUndefined();
});

/** Opens `count` idle connections from `localAddress`, once the server has had a moment to close any. */
async function keptOpen(port: number, localAddress: string, count: number): Promise<net.Socket[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect({ host: "127.0.0.1", port, localAddress });
          socket.on("error", () => {});
          socket.once("connect", () => resolve(socket));
          socket.once("close", () => resolve(socket));
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return sockets;
}

it("caps each address's connections, except the proxy's named in TRUST_PROXY", async () => {
  const database = await freshDatabase("pglite");
  const app = await buildApp(testConfig({ trustProxy: ["127.0.0.2"] }), {
    database,
    connectionLimits: { perAddress: 3, total: 100 },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as net.AddressInfo;
  const sockets: net.Socket[] = [];
  try {
    const proxy = await keptOpen(port, "127.0.0.2", 6);
    const client = await keptOpen(port, "127.0.0.4", 6);
    sockets.push(...proxy, ...client);
    const open = (list: net.Socket[]) => list.filter((s) => s.readyState === "open").length;
    expect([open(proxy), open(client)]).toEqual([6, 3]);
  } finally {
    for (const socket of sockets) socket.destroy();
    await app.close();
    await database.close();
  }
});
