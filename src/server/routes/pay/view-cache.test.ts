import { describe, expect, it } from "vitest";
import type { PublicPaymentView } from "#shared/schemas/payment-request.ts";
import { type CachedView, createViewCache } from "./view-cache";

const view = (name: string): CachedView => {
  const v: PublicPaymentView = {
    requester: { name, photo: null },
    request: { amount: "1.00", description: null, status: "pending" },
    paymentAccounts: [],
  };
  return { view: v, json: JSON.stringify(v), requesterId: name };
};

function listeningCache(options?: Parameters<typeof createViewCache>[0]) {
  const cache = createViewCache(options);
  cache.listener.ready();
  return cache;
}

describe("public view cache", () => {
  it("stands aside until it listens, and again when the listening connection is lost", () => {
    const cache = createViewCache();
    cache.set("a", "u1", view("A"), cache.generation());
    expect(cache.get("a")).toBeUndefined();
    cache.listener.ready();
    cache.set("a", "u1", view("A"), cache.generation());
    expect(cache.get("a")?.requesterId).toBe("A");
    cache.listener.lost();
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", "u1", view("A"), cache.generation());
    expect(cache.get("a")).toBeUndefined();
    // Back: starts empty, since notifications may have been missed meanwhile.
    cache.listener.ready();
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops every view of the notified user and no one else's", () => {
    const cache = listeningCache();
    cache.set("a", "u1", view("A"), cache.generation());
    cache.set("b", "u1", view("B"), cache.generation());
    cache.set("c", "u2", view("C"), cache.generation());
    cache.listener.message("u1");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")?.requesterId).toBe("C");
  });

  it("does not store a read that started before a change it may have missed", () => {
    const cache = listeningCache();
    const readAt = cache.generation();
    cache.listener.message("u1"); // a change commits while the read is in flight
    cache.set("a", "u1", view("stale"), readAt);
    expect(cache.get("a")).toBeUndefined();
  });

  it("expires entries and keeps at most maxEntries", () => {
    let clock = 1_000;
    const cache = listeningCache({ ttlMs: 20, maxEntries: 2, now: () => clock });
    cache.set("a", "u1", view("A"), cache.generation());
    cache.set("b", "u1", view("B"), cache.generation());
    cache.set("c", "u2", view("C"), cache.generation());
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.requesterId).toBe("B");
    clock += 19;
    expect(cache.get("b")?.requesterId).toBe("B");
    clock += 1;
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBeUndefined();
  });

  it("holds 2,000 views by default, so rendered pages stay within ~40 MB", () => {
    const cache = listeningCache();
    for (let i = 0; i <= 2_000; i++) cache.set(`c${i}`, `u${i}`, view(`V${i}`), cache.generation());
    expect(cache.get("c0")).toBeUndefined();
    expect(cache.get("c1")?.requesterId).toBe("V1");
    expect(cache.get("c2000")?.requesterId).toBe("V2000");
  });
});
