import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import type { Period } from "#shared/schemas/recurring.ts";
import { nextWords, periodWords } from "./describe";

const rent = { frequency: "monthly" as const, amount: "1450.00", currency: "USD" };
const period = (over: Partial<Period>): Period => ({
  requestId: "r",
  occurrenceDate: "2026-12-01",
  status: "pending",
  claimed: false,
  dueDate: null,
  left: "1450.00",
  ...over,
});
const TODAY = "2026-12-04";

describe("a series' periods", () => {
  it("says where each stands: paid, says paid, what is left, overdue, waiting, cancelled", () => {
    const words = (over: Partial<Period>) => periodWords(period(over), rent, TODAY);
    expect(words({ status: "paid" })).toBe("December: paid");
    expect(words({ claimed: true })).toBe("December: says paid");
    expect(words({ left: "450.00" })).toBe("December: $450.00 left");
    expect(words({ dueDate: "2026-12-01" })).toBe("December: Overdue 3 days");
    expect(words({})).toBe("December: not paid yet");
    expect(words({ status: "cancelled" })).toBe("December: cancelled");
  });

  it("in the app's language", () => {
    expect(periodWords(period({ status: "paid" }), rent, TODAY, i18nFor("de"))).toBe("Dezember: bezahlt");
    expect(
      periodWords(period({ occurrenceDate: "2026-12-07" }), { ...rent, frequency: "weekly" }, TODAY),
    ).toBe("Mon, Dec 7: not paid yet");
  });
});

describe("a series' next date", () => {
  const series = {
    id: "s",
    recipientName: "Sam",
    recipientPhone: "2125550101",
    payerEmail: null,
    amount: "1450.00",
    currency: "USD",
    description: "Rent",
    frequency: "monthly" as const,
    startDate: "2027-01-01",
    endDate: null,
    count: null,
    sendDaysBefore: null,
    reminderDays: null,
    madeCount: 0,
    nextDate: "2027-01-01",
    status: "active" as const,
    createdAt: "2026-12-01T00:00:00Z",
  };
  it("says when a rent-grade one is due and when it goes out", () => {
    expect(nextWords(series, TODAY)).toBe("Next Fri, Jan 1, 2027 at 9:00");
    expect(nextWords({ ...series, sendDaysBefore: 5 }, TODAY)).toBe(
      "Next due Fri, Jan 1, 2027, sent Sun, Dec 27 at 9:00",
    );
  });
});
