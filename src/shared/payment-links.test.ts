import { describe, expect, it } from "vitest";
import { paymentAction } from "./payment-links";

const base = { amount: "25.50", description: "Pizza & drinks", isMobile: true };

describe("paymentAction", () => {
  it("links PayPal.Me with the amount", () => {
    expect(paymentAction({ ...base, provider: "paypal", handle: "alexdoe" })).toEqual({
      kind: "link",
      href: "https://paypal.me/alexdoe/25.50",
    });
  });

  it("links Cash App with the $cashtag and amount", () => {
    expect(paymentAction({ ...base, provider: "cashapp", handle: "$alex" })).toEqual({
      kind: "link",
      href: "https://cash.app/$alex/25.50",
    });
  });

  it("opens Venmo's app on a phone with recipient, amount and note", () => {
    expect(paymentAction({ ...base, provider: "venmo", handle: "@alex-doe" })).toEqual({
      kind: "link",
      href: "venmo://paycharge?txn=pay&recipients=alex-doe&amount=25.50&note=Pizza%20%26%20drinks",
    });
  });

  it("tells a desktop visitor to open Venmo, for 6 seconds", () => {
    const action = paymentAction({ ...base, provider: "venmo", handle: "@alex", isMobile: false });
    expect(action).toMatchObject({ kind: "toast", duration: 6000 });
  });

  it("sends Google Pay the amount in USD", () => {
    const action = paymentAction({ ...base, provider: "googlepay", handle: "alex@example.com" });
    expect(action.kind).toBe("link");
    const url = new URL((action as { href: string }).href);
    expect(url.searchParams.get("amount")).toBe("25.50");
    expect(url.searchParams.get("currency")).toBe("USD");
    expect(url.searchParams.get("recipient")).toBe("alex@example.com");
  });

  it("tells the amount and handle for Zelle", () => {
    expect(paymentAction({ ...base, provider: "zelle", handle: "alex@example.com" })).toEqual({
      kind: "toast",
      title: "Pay with Zelle",
      description: "Send $25.50 to alex@example.com in your bank's Zelle app.",
    });
  });
});
