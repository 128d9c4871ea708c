import { describe, expect, it } from "vitest";
import type { RecurringSeries } from "#shared/schemas/recurring.ts";
import { endWords, frequencyWords, nextWords } from "./describe";

const series = (change: Partial<RecurringSeries>): RecurringSeries => ({
  id: "s",
  recipientName: "Sam Lee",
  recipientPhone: "2125550101",
  payerEmail: null,
  amount: "25.00",
  currency: "USD",
  description: "Rent",
  frequency: "monthly",
  startDate: "2026-12-31",
  endDate: null,
  count: null,
  madeCount: 0,
  nextDate: "2026-12-31",
  status: "active",
  createdAt: "2026-11-25T12:00:00Z",
  ...change,
});

describe("recurring series in words", () => {
  it.each([
    [{ frequency: "weekly" as const }, "Every week"],
    [{ frequency: "biweekly" as const }, "Every 2 weeks"],
    [{ startDate: "2026-12-31" }, "Monthly on the 31st (last day in shorter months)"],
    [{ startDate: "2026-12-29" }, "Monthly on the 29th (last day in shorter months)"],
    [{ startDate: "2026-12-01" }, "Monthly on the 1st"],
    [{ startDate: "2026-12-02" }, "Monthly on the 2nd"],
    [{ startDate: "2026-12-03" }, "Monthly on the 3rd"],
    [{ startDate: "2026-12-11" }, "Monthly on the 11th"],
    [{ startDate: "2026-12-22" }, "Monthly on the 22nd"],
  ])("%o → %s", (change, words) => {
    expect(frequencyWords(series(change))).toBe(words);
  });

  it("says how it ends and what comes next", () => {
    expect(endWords(series({ count: 12, madeCount: 3 }), "2026-11-25")).toBe("12 times (3 made)");
    expect(endWords(series({ endDate: "2027-03-31" }), "2026-11-25")).toBe("Until Wed, Mar 31, 2027");
    expect(nextWords(series({}), "2026-11-25")).toBe("Next Thu, Dec 31 at 9:00");
    expect(nextWords(series({ status: "paused", nextDate: "2027-01-31" }), "2026-11-25")).toBe(
      "Paused · resuming skips missed dates; next would be Sun, Jan 31, 2027",
    );
    expect(nextWords(series({ status: "ended", nextDate: null, madeCount: 4 }), "2026-11-25")).toBe(
      "Ended · 4 made",
    );
  });
});
