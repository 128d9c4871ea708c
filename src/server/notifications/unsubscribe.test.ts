import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from "./unsubscribe";

const SECRET = "unsubscribe-test-secret-unsubscribe-test";

describe("one-click unsubscribe tokens", () => {
  it("name one user and one event, and only under the server's secret", () => {
    const token = unsubscribeToken(SECRET, "user123", "claim");
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: "user123", event: "claim" });
    expect(readUnsubscribeToken("another-secret-another-secret-another", token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace("claim.", "view."))).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace("user123", "user124"))).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, "")).toBeNull();
    expect(unsubscribeUrl("https://collect.example", token)).toBe(
      `https://collect.example/api/notifications/unsubscribe/${token}`,
    );
  });
});
