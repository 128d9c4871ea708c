import { describe, expect, it } from "vitest";
import { heldCalls } from "#server/test/held-calls.ts";
import type { PublicPaymentView } from "#shared/schemas/payment-request.ts";
import { type CachedView, createViewCache } from "./view-cache";

const view = (name: string): CachedView => {
  const v: PublicPaymentView = {
    requester: { name, photo: null },
    request: { amount: "1.00", description: null, status: "pending" },
    paymentAccounts: [],
  };
  return { view: v, json: JSON.stringify(v), requesterId: name, language: "en" as const };
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

describe("public view cache find", () => {
  /** A read that answers when told, counting how often it ran. */
  function reader(name = "A") {
    const held = heldCalls(() => ({ owner: "u1", value: view(name) }));
    return { ...held, read: held.call };
  }

  it("reads a code once for all the calls that miss it together, then keeps it", async () => {
    const cache = listeningCache();
    const r = reader();
    const finds = Array.from({ length: 64 }, () => cache.find("a", r.read));
    r.answer();
    const views = await Promise.all(finds);
    expect(new Set(views).size).toBe(1);
    expect(views[0]?.requesterId).toBe("A");
    expect(views[0]?.once).toBeUndefined();
    expect(await cache.find("a", r.read)).toBe(views[0]);
    expect(r.calls()).toBe(1);
  });

  it("does not share a read begun before a change, nor keep it", async () => {
    const cache = listeningCache();
    const before = reader("old");
    const first = cache.find("a", before.read);
    cache.listener.message("u1");
    const after = reader("new");
    const second = cache.find("a", after.read);
    before.answer();
    after.answer();
    expect((await first)?.once).toBe(true);
    expect((await second)?.requesterId).toBe("new");
    expect(cache.get("a")?.requesterId).toBe("new");
    expect([before.calls(), after.calls()]).toEqual([1, 1]);
  });

  it("shares an unknown code's answer, and a failed read; the next call reads again", async () => {
    const cache = listeningCache();
    let calls = 0;
    const none = async () => {
      calls++;
      return null;
    };
    expect(await Promise.all([cache.find("x", none), cache.find("x", none)])).toEqual([null, null]);
    const failing = reader();
    const failed = [cache.find("a", failing.read), cache.find("a", failing.read)];
    failing.fail();
    for (const call of failed) await expect(call).rejects.toThrow("database unavailable");
    const r = reader();
    const next = cache.find("a", r.read);
    r.answer();
    expect((await next)?.requesterId).toBe("A");
    expect([calls, failing.calls(), r.calls()]).toEqual([1, 1, 1]);
  });

  it("reads for every call while it stands aside (not listening), keeping nothing", async () => {
    const cache = createViewCache();
    const r = reader();
    const first = cache.find("a", r.read);
    r.answer();
    expect((await first)?.once).toBe(true);
    const second = cache.find("a", r.read);
    r.answer();
    await second;
    expect(r.calls()).toBe(2);
  });
});
