import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
