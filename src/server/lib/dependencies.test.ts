import { describe, expect, it } from "vitest";
import { DependencyUnavailable, failureCounts, watched } from "./dependencies";

describe("watched dependencies", () => {
  const service = {
    value: 3,
    async ok() {
      return "fine";
    },
    async broken(): Promise<string> {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), { code: "ECONNREFUSED" });
    },
    async *list() {
      yield 1;
      throw new Error("socket hang up");
    },
  };
  const storage = watched("object storage", service);

  it("answers as the service does", async () => {
    expect(await storage.ok()).toBe("fine");
    expect(storage.value).toBe(3);
  });

  it("names the dependency that failed and counts it, awaited or iterated", async () => {
    const before = failureCounts().get("object storage") ?? 0;
    const error = await storage.broken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailable);
    expect((error as DependencyUnavailable).dependency).toBe("object storage");
    expect((error as Error).message).toBe("object storage unavailable");
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of storage.list()) seen.push(n);
      })(),
    ).rejects.toBeInstanceOf(DependencyUnavailable);
    expect(seen).toEqual([1]);
    expect(failureCounts().get("object storage")).toBe(before + 2);
  });
});
