import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n/i18n-for";
import { paymentAction as actionIn, paymentInstructions as instructionsIn } from "./payment-links";

const english = i18nFor("en");
const paymentAction = (input: Parameters<typeof actionIn>[0]) => actionIn(input, english);
const paymentInstructions = (input: Parameters<typeof instructionsIn>[0]) => instructionsIn(input, english);

const base = { amount: "25.50", description: "Pizza & drinks", isMobile: true };

describe("paymentAction", () => {
  it("links PayPal.Me with the amount in USD", () => {
    expect(paymentAction({ ...base, provider: "paypal", handle: "alexdoe" })).toEqual({
      kind: "link",
      href: "https://paypal.me/alexdoe/25.50USD",
    });
  });

  it("links Cash App with the $cashtag and amount", () => {
    expect(paymentAction({ ...base, provider: "cashapp", handle: "$alex" })).toEqual({
      kind: "link",
      href: "https://cash.app/$alex/25.50",
    });
  });

  it("links a phone to venmo.com over https with recipient, amount and note encoded", () => {
    const action = paymentAction({ ...base, provider: "venmo", handle: "@alex-doe" });
    expect(action).toEqual({
      kind: "link",
      href: "https://venmo.com/?txn=pay&recipients=alex-doe&amount=25.50&note=Pizza%20%26%20drinks",
    });
    const url = new URL((action as { href: string }).href);
    expect(url.origin).toBe("https://venmo.com");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      txn: "pay",
      recipients: "alex-doe",
      amount: "25.50",
      note: "Pizza & drinks",
    });
  });

  it("keeps emoji, quotes and symbols of a Venmo note intact through encoding", () => {
    const note = 'Taco #2 "al pastor" 50% off 🌮 + tip?';
    const action = paymentAction({ ...base, description: note, provider: "venmo", handle: "@al" });
    const href = (action as { href: string }).href;
    expect(href).not.toMatch(/[ +#"]/);
    expect(new URL(href).searchParams.get("note")).toBe(note);
  });

  it("leaves the note out of Venmo's link when the request has no description", () => {
    const action = paymentAction({ ...base, description: null, provider: "venmo", handle: "@al" });
    expect(action).toEqual({ kind: "link", href: "https://venmo.com/?txn=pay&recipients=al&amount=25.50" });
  });

  it("explains Venmo on a desktop in a toast that carries the same https link, the handle kept whole", () => {
    const action = paymentAction({ ...base, provider: "venmo", handle: "@alex-kim-2024", isMobile: false });
    expect(action).toEqual({
      kind: "toast",
      title: "Open Venmo",
      description: "Open the Venmo app or venmo.com and pay @alex-kim-2024 $25.50.",
      href: "https://venmo.com/?txn=pay&recipients=alex-kim-2024&amount=25.50&note=Pizza%20%26%20drinks",
      unbroken: ["@alex-kim-2024", "$25.50"],
    });
  });

  it("tells the amount and handle for Zelle in a toast, pointing at the bank's app", () => {
    expect(paymentAction({ ...base, provider: "zelle", handle: "alex@example.com" })).toEqual({
      kind: "toast",
      title: "Pay with Zelle",
      description: "Send $25.50 to alex@example.com with Zelle in your bank's app.",
      unbroken: ["$25.50", "alex@example.com"],
    });
  });

  it("never links Google Pay's closed US send service", () => {
    for (const isMobile of [true, false]) {
      expect(paymentAction({ ...base, isMobile, provider: "googlepay", handle: "2125550107" })).toEqual({
        kind: "inline",
      });
    }
  });
});

describe("paymentInstructions", () => {
  it("gives Zelle's amount and handle to copy, in the bank's app", () => {
    expect(
      paymentInstructions({ provider: "zelle", handle: " alex@example.com ", amount: "1234.50" }),
    ).toEqual({
      sentence: "Send $1,234.50 to alex@example.com with Zelle in your bank's app.",
      amount: "1234.50",
      handle: "alex@example.com",
    });
  });

  it("says plainly that Google Pay has no US person-to-person link, with amount and handle to copy", () => {
    expect(paymentInstructions({ provider: "googlepay", handle: "2125550107", amount: "25.50" })).toEqual({
      sentence:
        "Google Pay no longer sends money between people in the US (it stopped in June 2024), so there is no Google Pay link: pay $25.50 to 2125550107 another way.",
      amount: "25.50",
      handle: "2125550107",
    });
  });

  it("has none for the providers with a working link", () => {
    for (const provider of ["paypal", "venmo", "cashapp"] as const) {
      expect(paymentInstructions({ provider, handle: "x", amount: "1.00" })).toBeNull();
    }
  });
});
