import { describe, expect, it } from "vitest";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import {
  filterHistory,
  historyTotals,
  lastPathSegment,
  newestFirst,
  payPageHref,
  type StatusFilter,
} from "./history";

const request = (
  id: string,
  createdAt: string,
  status: PaymentRequest["status"] = "paid",
): PaymentRequest => ({
  id,
  amount: "1.00",
  status,
  description: null,
  recipientName: "Alex",
  recipientPhone: "2125550101",
  createdAt,
  shortUrl: `http://localhost/pay/${id}`,
  viewedAt: null,
  lastRemindedAt: null,
  claimedPaidAt: null,
  claimedVia: null,
  claimNote: null,
  splitId: null,
});

describe("newestFirst", () => {
  it("sorts by created date, newest first, whatever the status", () => {
    const list = [
      request("a", "2026-01-01T10:00:00.000Z", "pending"),
      request("b", "2026-03-01T10:00:00.000Z"),
      request("c", "2026-02-01T10:00:00.000Z", "pending"),
    ];
    expect(newestFirst(list).map((r) => r.id)).toEqual(["b", "c", "a"]);
    expect(list.map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("keeps the given order for equal dates", () => {
    const at = "2026-01-01T10:00:00.000Z";
    expect(newestFirst([request("x", at), request("y", at)]).map((r) => r.id)).toEqual(["x", "y"]);
  });
});

describe("payPageHref", () => {
  it("takes the last path segment of the short URL", () => {
    expect(lastPathSegment("http://host:3000/pay/AbC123")).toBe("AbC123");
    expect(lastPathSegment("https://host/pay/AbC123/?utm=1#top")).toBe("AbC123");
    expect(lastPathSegment("AbC123")).toBe("AbC123");
    const shortUrl = "https://collect.example/pay/Xy7_9";
    expect(payPageHref({ shortUrl, status: "pending" })).toBe("/pay/Xy7_9");
    expect(payPageHref({ shortUrl, status: "paid" })).toBe("/pay/Xy7_9");
  });

  it("offers no payment page for a cancelled request, whose link shows not found", () => {
    expect(payPageHref({ shortUrl: "https://collect.example/pay/Xy7_9", status: "cancelled" })).toBeNull();
  });
});

const entry = (
  id: string,
  status: PaymentRequest["status"],
  amount: string,
  recipientName = "Alex",
  description: string | null = null,
): PaymentRequest => ({
  ...request(id, "2026-01-01T10:00:00.000Z", status),
  amount,
  recipientName,
  description,
});

describe("filterHistory", () => {
  const list = [
    entry("a", "pending", "10.00", "Sam Lee", "Pizza night"),
    entry("b", "paid", "20.00", "Alex Kim", "Concert tickets"),
    entry("c", "cancelled", "5.00", "Jo Pizzaro", null),
    entry("d", "paid", "7.50", "Sam Lee", null),
  ];
  const ids = (query: string, status: StatusFilter = "all") =>
    filterHistory(list, { query, status }).map((r) => r.id);

  it("keeps everything with no query and every status", () => {
    expect(ids("")).toEqual(["a", "b", "c", "d"]);
    expect(ids("   ")).toEqual(["a", "b", "c", "d"]);
  });

  it("matches the recipient name or the description, ignoring case and outer spaces", () => {
    expect(ids("pizza")).toEqual(["a", "c"]);
    expect(ids("  SAM ")).toEqual(["a", "d"]);
    expect(ids("TICKETS")).toEqual(["b"]);
    expect(ids("nobody")).toEqual([]);
  });

  it("filters by status, alone or with the query", () => {
    expect(ids("", "paid")).toEqual(["b", "d"]);
    expect(ids("", "pending")).toEqual(["a"]);
    expect(ids("", "cancelled")).toEqual(["c"]);
    expect(ids("sam", "paid")).toEqual(["d"]);
    expect(ids("pizza", "paid")).toEqual([]);
  });

  it("Says paid: pending requests the payer says they paid, not those already marked", () => {
    const claimed = { claimedPaidAt: "2026-01-02T10:00:00.000Z", claimedVia: "venmo" as const };
    const withClaims = [
      { ...entry("a", "pending", "10.00"), ...claimed },
      entry("b", "pending", "10.00"),
      { ...entry("c", "paid", "10.00"), ...claimed },
    ];
    expect(filterHistory(withClaims, { query: "", status: "claimed" }).map((r) => r.id)).toEqual(["a"]);
  });
});

describe("historyTotals", () => {
  it("adds paid amounts as collected and pending ones as outstanding, exactly", () => {
    const list = [
      entry("a", "paid", "0.10"),
      entry("b", "paid", "0.20"),
      entry("c", "pending", "999999.99"),
      entry("d", "pending", "0.01"),
      entry("e", "cancelled", "50.00"),
    ];
    expect(historyTotals(list)).toEqual({ collected: "0.30", outstanding: "1000000.00" });
  });

  it("is zero for an empty history", () => {
    expect(historyTotals([])).toEqual({ collected: "0.00", outstanding: "0.00" });
  });
});
