import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchRequests } from "./activity";

describe("watchRequests", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tells when a person's request last came, probes left out, until stopped", () => {
    const http = new EventEmitter() as unknown as Server;
    const activity = watchRequests(http);
    expect(activity.lastRequestAt()).toBe(0);
    http.emit("request", { url: "/pay/abc123?utm=x" });
    expect(activity.lastRequestAt()).toBe(5_000);
    vi.advanceTimersByTime(1_000);
    for (const url of ["/healthz", "/readyz", "/metrics", "/metrics?format=x"]) http.emit("request", { url });
    expect(activity.lastRequestAt()).toBe(5_000);
    http.emit("request", { url: "/api/payment-requests" });
    expect(activity.lastRequestAt()).toBe(6_000);
    activity.stop();
    vi.advanceTimersByTime(1_000);
    http.emit("request", { url: "/" });
    expect(activity.lastRequestAt()).toBe(6_000);
  });
});
