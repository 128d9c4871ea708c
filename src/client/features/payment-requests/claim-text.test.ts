import { describe, expect, it } from "vitest";
import { claimedPart, claimText, timeAgo } from "./claim-text";

const now = Date.parse("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("timeAgo", () => {
  it("counts minutes, hours, then days", () => {
    expect(timeAgo(ago(20_000), now)).toBe("just now");
    expect(timeAgo(ago(2 * 60_000 + 5_000), now)).toBe("2 min ago");
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe("3 h ago");
    expect(timeAgo(ago(26 * 3_600_000), now)).toBe("1 day ago");
    expect(timeAgo(ago(80 * 3_600_000), now)).toBe("3 days ago");
  });

  it("reads a clock slightly ahead of ours as just now", () => {
    expect(timeAgo(ago(-30_000), now)).toBe("just now");
  });
});

const rent = { amount: "1450.00", currency: "USD" };

describe("claimText", () => {
  it("names the payer, the app and when", () => {
    expect(
      claimText(
        { ...rent, recipientName: "Sam Lee", claimedVia: "venmo", claimedPaidAt: ago(2 * 60_000) },
        now,
      ),
    ).toBe("Sam Lee says paid with Venmo · 2 min ago");
    expect(claimText({ ...rent, recipientName: "Bo", claimedVia: "other", claimedPaidAt: ago(0) }, now)).toBe(
      "Bo says paid with Other · just now",
    );
  });

  it("names the amount only when it is part of what is left", () => {
    const said = { ...rent, recipientName: "Sam Lee", claimedVia: "venmo" as const, claimedPaidAt: ago(0) };
    expect(claimText({ ...said, claimedAmount: "1000.00" }, now)).toBe(
      "Sam Lee says paid $1,000.00 with Venmo · just now",
    );
    // All of what is left, after a part payment: no amount, as before amounts.
    expect(claimText({ ...said, paidAmount: "1000.00", claimedAmount: "450.00" }, now)).toBe(
      "Sam Lee says paid with Venmo · just now",
    );
    expect(claimedPart({ ...said, paidAmount: "1000.00", claimedAmount: "200.00" })).toBe("200.00");
    expect(claimedPart({ ...rent, claimedPaidAt: null, claimedAmount: "200.00" })).toBeNull();
  });

  it("is nothing without a claim", () => {
    expect(
      claimText({ ...rent, recipientName: "Bo", claimedVia: null, claimedPaidAt: null }, now),
    ).toBeNull();
  });
});
