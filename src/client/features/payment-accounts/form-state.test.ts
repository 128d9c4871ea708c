import { describe, expect, it } from "vitest";
import { paymentMethodsFromForm } from "#shared/schemas/payment-account.ts";
import { formFromAccounts, isDroppedHandle, withHandle, withSelected } from "./form-state";

const saved = formFromAccounts([{ provider: "venmo", accountHandle: "@robin" }]);

describe("Payment Methods form state", () => {
  it("ticks an unticked provider when a handle is typed into it, so Update saves it", () => {
    const form = withHandle(saved, "zelle", "robin@example.com");
    expect(form.zelle).toEqual({ selected: true, handle: "robin@example.com" });
    const result = paymentMethodsFromForm(form);
    expect(result.ok && result.value.accounts.map((a) => a.provider)).toEqual(["venmo", "zelle"]);
  });

  it("does not tick on whitespace alone, and never unticks while editing", () => {
    expect(withHandle(saved, "paypal", "  ").paypal.selected).toBe(false);
    expect(withHandle(saved, "venmo", "").venmo).toEqual({ selected: true, handle: "" });
  });

  it("keeps the text of a provider unticked on purpose, and marks it as about to be removed", () => {
    const form = withSelected(saved, "venmo", false);
    expect(form.venmo).toEqual({ selected: false, handle: "@robin" });
    expect(isDroppedHandle(form.venmo)).toBe(true);
    expect(isDroppedHandle(saved.venmo)).toBe(false);
    expect(isDroppedHandle(saved.paypal)).toBe(false);
  });
});
