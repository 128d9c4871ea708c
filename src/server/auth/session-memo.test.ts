import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heldCalls } from "#server/test/held-calls.ts";
import { cookieValue, createSessionMemo } from "./session-memo";

describe("session memo", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a verified token for its lifetime, then forgets it", () => {
    const memo = createSessionMemo<string>({ ttlMs: 5_000 });
    memo.set("token-a", "user-a", Date.now() + 60_000);
    vi.advanceTimersByTime(4_999);
    expect(memo.get("token-a")).toBe("user-a");
    vi.advanceTimersByTime(1);
    expect(memo.get("token-a")).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it("remembers for 5 s by default", () => {
    const memo = createSessionMemo<string>();
    memo.set("token-a", "user-a", Date.now() + 60_000);
    vi.advanceTimersByTime(4_999);
    expect(memo.get("token-a")).toBe("user-a");
    vi.advanceTimersByTime(1);
    expect(memo.get("token-a")).toBeUndefined();
  });

  it("never keeps a token past its session's own expiry", () => {
    const memo = createSessionMemo<string>({ ttlMs: 5_000 });
    memo.set("token-a", "user-a", Date.now() + 1_000);
    vi.advanceTimersByTime(999);
    expect(memo.get("token-a")).toBe("user-a");
    vi.advanceTimersByTime(1);
    expect(memo.get("token-a")).toBeUndefined();
    memo.set("already-expired", "user-b", Date.now() - 1);
    expect(memo.get("already-expired")).toBeUndefined();
  });

  it("holds at most `max` tokens, dropping the oldest first", () => {
    const memo = createSessionMemo<number>({ max: 3, ttlMs: 5_000 });
    for (let i = 1; i <= 5; i++) {
      memo.set(`token-${i}`, i, Date.now() + 60_000);
      vi.advanceTimersByTime(10);
    }
    expect(memo.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((i) => memo.get(`token-${i}`))).toEqual([undefined, undefined, 3, 4, 5]);
  });

  it("lets new tokens push out expired ones, within the same bound", () => {
    const memo = createSessionMemo<number>({ max: 2, ttlMs: 1_000 });
    memo.set("old-1", 1, Date.now() + 60_000);
    memo.set("old-2", 2, Date.now() + 60_000);
    vi.advanceTimersByTime(1_000);
    memo.set("new", 3, Date.now() + 60_000);
    expect(memo.size).toBe(2);
    expect([memo.get("old-1"), memo.get("old-2"), memo.get("new")]).toEqual([undefined, undefined, 3]);
    expect(memo.size).toBe(1);
  });

  it("setting a token again renews it and moves it to the back of the line", () => {
    const memo = createSessionMemo<number>({ max: 2, ttlMs: 5_000 });
    memo.set("a", 1, Date.now() + 60_000);
    memo.set("b", 2, Date.now() + 60_000);
    memo.set("a", 10, Date.now() + 60_000);
    memo.set("c", 3, Date.now() + 60_000);
    expect([memo.get("a"), memo.get("b"), memo.get("c")]).toEqual([10, undefined, 3]);
  });

  it("forgets a token on delete (sign-out)", () => {
    const memo = createSessionMemo<string>();
    memo.set("token-a", "user-a", Date.now() + 60_000);
    memo.delete("token-a");
    expect(memo.get("token-a")).toBeUndefined();
  });
});

describe("session memo lookup", () => {
  /** A verification that answers when told, counting how often it ran. */
  function verifier(value: string | null = "user-a") {
    const held = heldCalls(() => (value === null ? null : { value, expiresAt: Date.now() + 60_000 }));
    return { ...held, verify: held.call };
  }

  it("verifies a token once for all the calls that miss it together, then remembers it", async () => {
    const memo = createSessionMemo<string>();
    const v = verifier();
    const lookups = Array.from({ length: 64 }, () => memo.lookup("token-a", v.verify));
    v.answer();
    expect(await Promise.all(lookups)).toEqual(Array(64).fill("user-a"));
    expect(await memo.lookup("token-a", v.verify)).toBe("user-a");
    expect(v.calls()).toBe(1);
  });

  it("verifies afresh when asked to, whatever is remembered or running", async () => {
    const memo = createSessionMemo<string>();
    memo.set("token-a", "user-a", Date.now() + 60_000);
    const v = verifier("user-b");
    const first = memo.lookup("token-a", v.verify, { fresh: true });
    const second = memo.lookup("token-a", v.verify, { fresh: true });
    v.answer();
    await Promise.all([first, second]);
    expect(v.calls()).toBe(2);
    expect(memo.get("token-a")).toBe("user-b");
  });

  it("remembers neither a refused token nor a failed check", async () => {
    const memo = createSessionMemo<string>();
    const refused = verifier(null);
    const both = [memo.lookup("token-a", refused.verify), memo.lookup("token-a", refused.verify)];
    refused.answer();
    expect(await Promise.all(both)).toEqual([null, null]);
    const failing = verifier();
    const failed = [memo.lookup("token-a", failing.verify), memo.lookup("token-a", failing.verify)];
    failing.fail();
    for (const call of failed) await expect(call).rejects.toThrow("database unavailable");
    const v = verifier();
    const next = memo.lookup("token-a", v.verify);
    v.answer();
    expect(await next).toBe("user-a");
    expect([refused.calls(), failing.calls(), v.calls()]).toEqual([1, 1, 1]);
  });

  it("after a check finds the session gone, a call does not join an older check that still stands", async () => {
    const memo = createSessionMemo<string>();
    const older = verifier();
    const began = memo.lookup("token-a", older.verify); // while the session stood
    const revoked = verifier(null);
    const refused = memo.lookup("token-a", revoked.verify, { fresh: true });
    revoked.answer();
    expect(await refused).toBeNull();
    const later = verifier(null);
    const after = memo.lookup("token-a", later.verify);
    older.answer();
    later.answer();
    expect(await began).toBe("user-a");
    expect(await after).toBeNull();
    expect(memo.get("token-a")).toBeUndefined();
  });

  it("does not remember a verification that began before the token was forgotten (a sign-out)", async () => {
    const memo = createSessionMemo<string>();
    const v = verifier();
    const running = memo.lookup("token-a", v.verify);
    memo.delete("token-a");
    v.answer();
    expect(await running).toBe("user-a");
    expect(memo.get("token-a")).toBeUndefined();
  });
});

describe("cookieValue", () => {
  it("finds one cookie by its exact name", () => {
    const header = "theme=dark; better-auth.session_token=abc.def; better-auth.session_token_x=no";
    expect(cookieValue(header, "better-auth.session_token")).toBe("abc.def");
    expect(cookieValue(header, "session_token")).toBeUndefined();
    expect(cookieValue("a=; b=2", "a")).toBeUndefined();
    expect(cookieValue("a==x=", "a")).toBe("=x=");
    expect(cookieValue(undefined, "a")).toBeUndefined();
  });

  it("reads the value as better-auth does: unquoted and percent-decoded", () => {
    expect(cookieValue('a="x.y"', "a")).toBe("x.y");
    expect(cookieValue("a=tok.sig%2B%3D", "a")).toBe("tok.sig+=");
  });
});
