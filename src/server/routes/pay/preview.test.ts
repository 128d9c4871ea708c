import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { formatMoney } from "#shared/money.ts";
import type { PublicPaymentView } from "#shared/schemas/payment-request.ts";
import { cardContent, cardVersion, cardWords, previewMeta as metaIn } from "./preview";

const previewMeta = (view: Parameters<typeof metaIn>[0]) => metaIn(view, i18nFor("en"));

const view = (
  overrides: Partial<PublicPaymentView["request"]> = {},
  accounts = ["venmo"],
): PublicPaymentView => ({
  requester: { name: "Sam Lee", photo: null },
  request: { amount: "42.00", description: "Lunch", status: "pending", ...overrides },
  paymentAccounts: accounts.map((provider) => ({
    provider: provider as PublicPaymentView["paymentAccounts"][number]["provider"],
    accountHandle: "x",
  })),
});

describe("preview texts", () => {
  it("names only the apps the requester set up, in the page's order", () => {
    expect(previewMeta(view({}, ["cashapp"])).description).toBe(
      "Lunch · Pay Sam Lee with one tap in Cash App.",
    );
    expect(previewMeta(view({ description: null }, ["venmo", "zelle"])).description).toBe(
      "Pay Sam Lee with one tap in Venmo, or with Zelle in your bank's app.",
    );
    expect(previewMeta(view({}, ["venmo", "paypal"])).description).toBe(
      "Lunch · Pay Sam Lee with one tap in Venmo or PayPal.",
    );
  });

  it("never promises Google Pay, nor one tap for Zelle (issue 23)", () => {
    expect(previewMeta(view({}, ["venmo", "paypal", "googlepay"])).description).toBe(
      "Lunch · Pay Sam Lee with one tap in Venmo or PayPal.",
    );
    expect(previewMeta(view({}, ["zelle", "googlepay"])).description).toBe(
      "Lunch · Pay Sam Lee with Zelle in your bank's app.",
    );
    expect(previewMeta(view({}, ["googlepay"])).description).toBe(
      "Lunch · Sam Lee has not connected a payment method that can be paid from this link yet.",
    );
    expect(previewMeta(view({}, [])).description).toBe(
      "Lunch · Sam Lee has not connected a payment method yet.",
    );
  });

  it("says a paid request is paid, in title, description and image text", () => {
    const meta = previewMeta(view({ status: "paid" }));
    expect(meta.title).toBe("Paid: Sam Lee's request for $42.00 · Collect");
    expect(meta.description).toBe("Lunch · This request has been paid. Thank you!");
    expect(meta.imageAlt).toBe("Paid: Sam Lee's request for $42.00 for Lunch");
    expect(JSON.stringify(meta)).not.toContain("requesting");
  });

  it("says who cancelled a cancelled request, with no amount and no image (issue 23 item 16)", () => {
    expect(previewMeta({ cancelledBy: "Sam" })).toEqual({
      title: "Sam cancelled this request · Collect",
      description: "Nothing is owed, so there is nothing to pay.",
      imageAlt: null,
    });
  });

  it("shows no request data for a request that is not found", () => {
    expect(previewMeta(null)).toEqual({
      title: "Payment Not Found · Collect",
      description: "This payment request could not be found or has expired.",
      imageAlt: null,
    });
  });
});

describe("card version", () => {
  const version = (v: PublicPaymentView) => cardVersion(cardContent(v));

  it("changes with everything the card shows, and only with that", () => {
    const base = version(view());
    const changed = [
      view({ status: "paid" }),
      view({ amount: "42.01" }),
      view({ description: "Dinner" }),
      view({ description: null }),
      { ...view(), requester: { name: "Sam Leigh", photo: null } },
      { ...view(), requester: { name: "Sam Lee", photo: "/objects/uploads/abcdefgh/x" } },
    ].map(version);
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
    // Payment apps are not drawn on the card: changing them keeps the cached image.
    expect(version(view({}, ["paypal", "zelle"]))).toBe(base);
    expect(base).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("writes its words and amount in the preview's language where its font can, else in English", () => {
    const german = cardContent(view(), "de");
    expect(german.words).toEqual(cardWords("de"));
    expect(german.words.requesting).not.toBe("is requesting");
    expect(german.amount).toBe(formatMoney(view().request.amount, "USD", "de-DE"));
    expect(cardVersion(german)).not.toBe(version(view()));
    // Inter has no Devanagari or Arabic letters, and satori no right-to-left: English words.
    for (const locale of ["hi", "ar"] as const) {
      expect(cardContent(view(), locale)).toEqual(cardContent(view()));
    }
    expect(cardContent(view()).words).toEqual({
      requesting: "is requesting",
      wasPaid: "was paid",
      paid: "Paid",
    });
  });
});
