import { describe, expect, it } from "vitest";
import { recurringDraftOf, recurringDraftState, withoutRecurringDraft } from "./draft";

describe("the Repeat draft in history state", () => {
  const draft = {
    recipientName: "Sam Lee",
    recipientPhone: "(212) 555-0101",
    amount: "12,50",
    description: "Piano lessons",
    payerEmail: "",
  };

  it("reads back what Request Payment put there", () => {
    expect(recurringDraftOf(structuredClone(recurringDraftState(draft)))).toEqual(draft);
  });

  it("ignores any other state, or a draft of the wrong shape", () => {
    expect(recurringDraftOf(null)).toBeNull();
    expect(recurringDraftOf({ key: "abc" })).toBeNull();
    expect(recurringDraftOf({ recurringDraft: { ...draft, amount: 12.5 } })).toBeNull();
    expect(recurringDraftOf({ recurringDraft: { ...draft, description: "x".repeat(501) } })).toBeNull();
  });

  it("comes off the state once read, the rest kept", () => {
    expect(withoutRecurringDraft({ ...recurringDraftState(draft), key: "abc" })).toEqual({ key: "abc" });
    expect(withoutRecurringDraft(null)).toBeNull();
  });
});
