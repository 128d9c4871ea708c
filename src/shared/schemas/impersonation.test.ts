import { describe, expect, it } from "vitest";
import { IMPERSONATION_MESSAGE, looksLikeAService } from "./impersonation";
import { ProfileInputSchema } from "./user";

describe("names that pass for a payment service or its staff", () => {
  it.each([
    "PayPal Security",
    "Venmo Support",
    "Cash App Team",
    "CashApp",
    "Pay Pal",
    "PayPa1 Billing",
    "Zelle",
    "Zelle Support",
    "Maria from PayPal",
    "Google Pay Alerts",
    "Collect Support",
    "Security Team",
    "Customer Service",
    "no-reply",
  ])("refuses %s", (name) => {
    expect(looksLikeAService(name)).toBe(true);
  });

  it.each([
    "Maria Lopez",
    "Rozelle Park",
    "Zoe Zelle",
    "Soccer Team Dues",
    "Priya",
    "José Álvarez",
    "Ann-Marie O'Neil",
    "李小龙",
  ])("lets %s through", (name) => {
    expect(looksLikeAService(name)).toBe(false);
  });

  it("is the profile form's message, after the spec's own checks", () => {
    const result = ProfileInputSchema.safeParse({ profileName: "Venmo Support" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(IMPERSONATION_MESSAGE);
  });
});
