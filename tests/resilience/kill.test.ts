import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, dropDatabases, REQUEST, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 12);

/**
 * 12 × SIGKILL at a random moment while clients create requests: after each restart every
 * request that got a 201 is there, and the database opens.
 */
describe.each(["pglite", "postgres"] as const)("SIGKILL during writes [%s]", (kind) => {
  it(`loses nothing acknowledged over ${ROUNDS} kills`, async () => {
    const env: Record<string, string> =
      kind === "pglite"
        ? { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-kill-")) }
        : {
            DATABASE_URL: (await createDatabase()).url,
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-kill-")),
          };
    let server = await startServer(env);
    const port = new URL(server.base).port;
    const client = await signUp(server.base);
    const acknowledged = new Set<string>();
    let refused = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let stop = false;
      const writer = async () => {
        while (!stop) {
          try {
            const response = await client.call("POST", "/api/payment-requests", REQUEST, server.base);
            if (response.status === 201) acknowledged.add((await response.json()).request.id);
          } catch {
            refused += 1; // the connection died with the process: not acknowledged
            await new Promise((r) => setTimeout(r, 5));
          }
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
      server.child.kill("SIGKILL");
      await server.exited;
      stop = true;
      await Promise.all(writers);

      server = await startServer(env, Number(port));
      const listed = await client.all<{ id: string }>("/api/payment-requests?limit=100", server.base);
      const present = new Set(listed.map((r) => r.id));
      const lost = [...acknowledged].filter((id) => !present.has(id));
      expect(lost, `round ${round}: acknowledged but lost`).toEqual([]);
    }
    console.log(
      `[${kind}] ${ROUNDS} kills, ${acknowledged.size} acknowledged creates, 0 lost, ${refused} calls cut off by a kill`,
    );
    expect(acknowledged.size).toBeGreaterThan(ROUNDS);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 600_000);
});
