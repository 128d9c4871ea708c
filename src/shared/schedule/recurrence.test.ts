import { describe, expect, it } from "vitest";
import {
  FrequencySchema,
  nextOccurrence,
  occurrenceAt,
  occurrenceDate,
  occurrences,
  RECURRING_MESSAGES,
  RecurringInputSchema,
  recurringInputSchemaFor,
  type Series,
} from "./recurrence";

const NY = "America/New_York";

describe("occurrences", () => {
  it("weekly keeps 9:00 in New York across the March change: 14:00Z before, 13:00Z after", () => {
    const series: Series = { frequency: "weekly", startDate: "2026-02-22" };
    const dates = occurrences(series, { limit: 4 });
    expect(dates).toEqual(["2026-02-22", "2026-03-01", "2026-03-08", "2026-03-15"]);
    expect(dates.map((d) => occurrenceAt(d, NY).toISOString())).toEqual([
      "2026-02-22T14:00:00.000Z",
      "2026-03-01T14:00:00.000Z",
      "2026-03-08T13:00:00.000Z", // the change's own Sunday
      "2026-03-15T13:00:00.000Z",
    ]);
  });

  it("weekly keeps 9:00 in New York across the November change: 13:00Z before, 14:00Z after", () => {
    const dates = occurrences({ frequency: "weekly", startDate: "2026-10-25" }, { limit: 3 });
    expect(dates.map((d) => occurrenceAt(d, NY).toISOString())).toEqual([
      "2026-10-25T13:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-08T14:00:00.000Z",
    ]);
  });

  it("biweekly steps 14 days", () => {
    expect(occurrences({ frequency: "biweekly", startDate: "2026-12-25" }, { limit: 3 })).toEqual([
      "2026-12-25",
      "2027-01-08",
      "2027-01-22",
    ]);
  });

  it("monthly on the 31st falls on February's last day and comes back (2026)", () => {
    expect(occurrences({ frequency: "monthly", startDate: "2026-01-31" }, { limit: 5 })).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
  });

  it("monthly on the 31st falls on Feb 29 in a leap year (2028), and the 29th on Feb 28 after", () => {
    expect(occurrences({ frequency: "monthly", startDate: "2027-12-31" }, { limit: 4 })).toEqual([
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
    ]);
    const on29th: Series = { frequency: "monthly", startDate: "2028-01-29" };
    expect(occurrenceDate(on29th, 13)).toBe("2029-02-28");
    expect(occurrenceDate(on29th, 14)).toBe("2029-03-29");
  });

  it("stops at the end date, inclusive", () => {
    const series: Series = { frequency: "weekly", startDate: "2026-12-01", endDate: "2026-12-15" };
    expect(occurrences(series, { limit: 10 })).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
    expect(occurrences({ ...series, endDate: "2026-12-14" }, { limit: 10 })).toHaveLength(2);
  });

  it("stops after count occurrences, counted from the start even when listing from later", () => {
    const series: Series = { frequency: "monthly", startDate: "2026-12-15", count: 3 };
    expect(occurrences(series, { limit: 10 })).toEqual(["2026-12-15", "2027-01-15", "2027-02-15"]);
    expect(occurrences(series, { from: "2027-01-16", limit: 10 })).toEqual(["2027-02-15"]);
    expect(occurrences(series, { from: "2027-02-16", limit: 10 })).toEqual([]);
  });

  it("lists from a date far into an open-ended series without walking it", () => {
    const weekly: Series = { frequency: "weekly", startDate: "2026-01-05" };
    expect(occurrences(weekly, { from: "2036-01-01", limit: 2 })).toEqual(["2036-01-07", "2036-01-14"]);
    const monthly: Series = { frequency: "monthly", startDate: "2026-01-31" };
    expect(occurrences(monthly, { from: "2030-02-01", limit: 2 })).toEqual(["2030-02-28", "2030-03-31"]);
    expect(occurrences(monthly, { from: "2030-02-28", limit: 1 })).toEqual(["2030-02-28"]);
  });
});

describe("nextOccurrence", () => {
  const series: Series = { frequency: "biweekly", startDate: "2026-12-01", count: 3 };

  it("is the first date strictly after the given one", () => {
    expect(nextOccurrence(series, "2026-11-25")).toBe("2026-12-01");
    expect(nextOccurrence(series, "2026-12-01")).toBe("2026-12-15");
    expect(nextOccurrence(series, "2026-12-14")).toBe("2026-12-15");
  });

  it("is null once the series has ended", () => {
    expect(nextOccurrence(series, "2026-12-29")).toBeNull();
    expect(nextOccurrence({ ...series, count: null, endDate: "2026-12-20" }, "2026-12-15")).toBeNull();
  });
});

describe("occurrenceAt", () => {
  it("is 9:00 local in other zones too", () => {
    expect(occurrenceAt("2026-12-01", "Pacific/Kiritimati").toISOString()).toBe("2026-11-30T19:00:00.000Z");
    expect(occurrenceAt("2026-07-01", "America/Los_Angeles").toISOString()).toBe("2026-07-01T16:00:00.000Z");
  });
});

describe("RecurringInputSchema", () => {
  const messages = (input: unknown, schema = RecurringInputSchema) =>
    schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

  it("accepts until stopped, until a date, and N times", () => {
    expect(messages({ frequency: "weekly", startDate: "2026-12-01" })).toEqual([]);
    expect(messages({ frequency: "monthly", startDate: "2026-12-01", endDate: "2027-06-01" })).toEqual([]);
    expect(messages({ frequency: "biweekly", startDate: "2026-12-01", count: 120 })).toEqual([]);
    expect(FrequencySchema.options).toEqual(["weekly", "biweekly", "monthly"]);
  });

  it("refuses both an end date and a count", () => {
    expect(
      messages({ frequency: "weekly", startDate: "2026-12-01", endDate: "2027-01-01", count: 3 }),
    ).toEqual([RECURRING_MESSAGES.endOrCount]);
  });

  it("refuses an end date on or before the start", () => {
    for (const endDate of ["2026-12-01", "2026-11-30"]) {
      expect(messages({ frequency: "weekly", startDate: "2026-12-01", endDate })).toEqual([
        RECURRING_MESSAGES.endBeforeStart,
      ]);
    }
  });

  it.each([0, 121, 2.5, "3"])("refuses count %j", (count) => {
    expect(messages({ frequency: "weekly", startDate: "2026-12-01", count })).toEqual([
      RECURRING_MESSAGES.count,
    ]);
  });

  it("refuses unknown frequencies, unreal dates and unknown fields", () => {
    expect(messages({ frequency: "daily", startDate: "2026-12-01" })).toEqual([
      "Choose weekly, every 2 weeks, or monthly.",
    ]);
    expect(messages({ frequency: "weekly", startDate: "2027-02-29" })).toEqual([
      RECURRING_MESSAGES.startDate,
    ]);
    expect(messages({ frequency: "weekly", startDate: "2026-12-01", endDate: "2026-12-32" })).toEqual([
      RECURRING_MESSAGES.endDate,
    ]);
    expect(messages({ frequency: "weekly", startDate: "2026-12-01", every: 3 })).toHaveLength(1);
  });

  it("with today, wants a start from today to a year ahead", () => {
    const schema = recurringInputSchemaFor("2026-11-25");
    expect(messages({ frequency: "weekly", startDate: "2026-11-25" }, schema)).toEqual([]);
    expect(messages({ frequency: "weekly", startDate: "2027-11-25" }, schema)).toEqual([]);
    expect(messages({ frequency: "weekly", startDate: "2026-11-24" }, schema)).toEqual([
      RECURRING_MESSAGES.startPast,
    ]);
    expect(messages({ frequency: "weekly", startDate: "2027-11-26" }, schema)).toEqual([
      RECURRING_MESSAGES.startTooFar,
    ]);
  });
});
