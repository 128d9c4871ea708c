import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { freshDatabase, testConfig } from "#server/test/harness.ts";
import { fastifyTrustProxy, isLoopbackHost, isTrustedProxy } from "./proxy-trust";

describe("proxy trust", () => {
  it("believes the listed proxies at every hop, and `true` only as the first hop", () => {
    const listed = fastifyTrustProxy(["10.0.0.5", "10.1.0.0/16"]);
    expect(listed && [listed("10.0.0.5", 0), listed("10.1.2.3", 1), listed("10.0.0.6", 0)]).toEqual([
      true,
      true,
      false,
    ]);
    const any = fastifyTrustProxy(true);
    expect(any && [any("203.0.113.9", 0), any("203.0.113.9", 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(isTrustedProxy(["loopback"])("127.0.0.1")).toBe(true);
    expect(isTrustedProxy(["loopback"])("192.0.2.1")).toBe(false);
    expect(isTrustedProxy(false)("127.0.0.1")).toBe(false);
    expect(["127.0.0.1", "::1", "localhost", "0.0.0.0", "10.0.0.2"].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("TRUST_PROXY=true at start-up", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase("pglite");
  });
  afterAll(() => database.close());

  const warningsFor = async (host: string) => {
    const lines: string[] = [];
    const app = await buildApp(testConfig({ host, trustProxy: true, logLevel: "warn" }), {
      database,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await app.close();
    return lines.filter((line) => line.includes("TRUST_PROXY=true"));
  };

  it("warns when the app listens beyond loopback, where anyone could send X-Forwarded-For", async () => {
    expect(await warningsFor("0.0.0.0")).toHaveLength(1);
    expect(await warningsFor("127.0.0.1")).toHaveLength(0);
  });
});
