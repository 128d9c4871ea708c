import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchRequests } from "./activity";
import { collectWhenQuiet, QUIET_AFTER_MS, v8Collector } from "./garbage-collection";

const newSpaceMb = () =>
  (v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0) /
  1024 ** 2;

describe("collectWhenQuiet", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const request = (path = "/api/payment-requests") => ({ url: path });
  /** A server's request events, watched with `collect` (a spy unless given). */
  function watched(collect: () => void = vi.fn()) {
    const http = new EventEmitter() as unknown as Server;
    const activity = watchRequests(http);
    const stopCollecting = collectWhenQuiet(activity, collect);
    const stop = () => {
      stopCollecting();
      activity.stop();
    };
    return { http, collect, stop };
  }

  it("collects once a quiet spell follows a request, and once only", async () => {
    const { http, collect, stop } = watched();
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS - 1_000);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * QUIET_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    // The next busy spell, then quiet: once more.
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS + 5_000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  // The container's HEALTHCHECK asks /healthz every 10 s: counted, the server was never quiet.
  it("does not count probes: a server probed every 10 s still collects once, and only once", async () => {
    const { http, collect, stop } = watched();
    http.emit("request", request("/pay/abc123"));
    for (let tick = 0; tick < 12; tick++) {
      http.emit("request", request(["/healthz", "/readyz", "/metrics?x=1"][tick % 3]));
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops trying when the collection throws, and the server goes on", async () => {
    const { http, collect, stop } = watched(
      vi.fn(() => {
        throw new TypeError("unknown option");
      }),
    );
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS + 5_000);
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(2 * QUIET_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it("never collects under load, nor in a process that has answered nothing", async () => {
    const { http, collect, stop } = watched();
    await vi.advanceTimersByTimeAsync(10 * QUIET_AFTER_MS);
    for (let second = 0; second < 120; second++) {
      http.emit("request", request());
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    stop();
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(2 * QUIET_AFTER_MS);
    expect(collect).not.toHaveBeenCalled();
  });

  it("hands a grown young generation back: V8's memory-reducing collection", async () => {
    // Short-lived objects, as requests make them, until the young generation has grown.
    let kept = 0;
    for (let i = 0; i < 2_000_000; i++) kept += { i, text: `request ${i}` }.text.length;
    expect(kept).toBeGreaterThan(0);
    const grown = newSpaceMb();
    expect(grown).toBeGreaterThanOrEqual(8);
    const http = new EventEmitter() as unknown as Server;
    const activity = watchRequests(http);
    const stop = collectWhenQuiet(activity);
    http.emit("request", request());
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_MS + 5_000);
    stop();
    activity.stop();
    expect(newSpaceMb()).toBeLessThanOrEqual(grown / 4);
  });

  it("gives V8's gc function without exposing it to the caller's globals", () => {
    const gc = v8Collector();
    expect(gc).toBeTypeOf("function");
    expect(() => gc?.({ type: "minor" })).not.toThrow();
    expect("gc" in globalThis).toBe(false);
  });
});
