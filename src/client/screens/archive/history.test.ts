import { describe, expect, it } from "vitest";
import { lastPathSegment, payPageHref, serverFilter } from "./history";

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

describe("serverFilter", () => {
  it("sends a status only when one is picked, and the search trimmed, or nothing", () => {
    expect(serverFilter({ query: "", status: "all" })).toEqual({});
    expect(serverFilter({ query: "   ", status: "all" })).toEqual({});
    expect(serverFilter({ query: "  Rent ", status: "paid" })).toEqual({ q: "Rent", status: "paid" });
  });
});
