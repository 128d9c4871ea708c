import { describe, expect, it } from "vitest";
import { type RecurringDraft, recurringDraftOf, recurringDraftState, withoutRecurringDraft } from "./draft";

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

  it("reads back the schedule the form dialog keeps as it is typed", () => {
    const typed: RecurringDraft = {
      ...draft,
      frequency: "weekly",
      startDate: "2026-12-01",
      endMode: "count",
      endDate: "",
      count: "6",
    };
    expect(recurringDraftOf(structuredClone(recurringDraftState(typed)))).toEqual(typed);
    expect(recurringDraftOf({ recurringDraft: { ...typed, frequency: "daily" } })).toBeNull();
    expect(recurringDraftOf({ recurringDraft: { ...typed, count: "1".repeat(11) } })).toBeNull();
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
