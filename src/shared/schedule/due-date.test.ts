import { describe, expect, it } from "vitest";
import {
  DUE_DATE_MESSAGES,
  DueDateSchema,
  dueDateProblem,
  dueLabel,
  longDate,
  oneYearAfter,
} from "./due-date";

const TODAY = "2026-11-25"; // a Wednesday

describe("DueDateSchema", () => {
  it("accepts a real YYYY-MM-DD", () => {
    expect(DueDateSchema.parse("2026-12-04")).toBe("2026-12-04");
    expect(DueDateSchema.parse("2028-02-29")).toBe("2028-02-29");
  });

  it.each(["2027-02-29", "2026-12-32", "12/04/2026", "2026-12-4", "", "tomorrow"])("refuses %j", (value) => {
    const result = DueDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DUE_DATE_MESSAGES.notADate);
  });

  it("refuses a number with the same sentence", () => {
    expect(DueDateSchema.safeParse(20261204).error?.issues[0]?.message).toBe(DUE_DATE_MESSAGES.notADate);
  });
});

describe("dueDateProblem", () => {
  it("accepts today, tomorrow and exactly one year ahead", () => {
    expect(dueDateProblem("2026-11-25", TODAY)).toBeNull();
    expect(dueDateProblem("2026-11-26", TODAY)).toBeNull();
    expect(dueDateProblem("2027-11-25", TODAY)).toBeNull();
  });

  it("refuses yesterday and one year and a day ahead, in sentences", () => {
    expect(dueDateProblem("2026-11-24", TODAY)).toBe("Choose a due date from today on.");
    expect(dueDateProblem("2027-11-26", TODAY)).toBe("Choose a due date within a year.");
  });

  it("refuses a day that does not exist", () => {
    expect(dueDateProblem("2027-02-29", TODAY)).toBe(DUE_DATE_MESSAGES.notADate);
  });

  it("allows Feb 29 in a leap year, and a year from Feb 29 ends on Feb 28", () => {
    expect(dueDateProblem("2028-02-29", "2027-03-01")).toBeNull();
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
    expect(dueDateProblem("2029-02-28", "2028-02-29")).toBeNull();
    expect(dueDateProblem("2029-03-01", "2028-02-29")).toBe(DUE_DATE_MESSAGES.tooFar);
    // From Feb 28 of a year before a leap year, Feb 29 is a year and a day away.
    expect(dueDateProblem("2028-02-28", "2027-02-28")).toBeNull();
    expect(dueDateProblem("2028-02-29", "2027-02-28")).toBe(DUE_DATE_MESSAGES.tooFar);
  });
});

describe("dueLabel", () => {
  it.each([
    ["2026-11-25", "Due today", false],
    ["2026-11-26", "Due tomorrow", false],
    ["2026-12-04", "Due Fri, Dec 4", false],
    ["2026-11-27", "Due Fri, Nov 27", false],
    ["2027-01-08", "Due Fri, Jan 8, 2027", false],
    ["2026-11-24", "Overdue 1 day", true],
    ["2026-11-23", "Overdue 2 days", true],
    ["2025-11-25", "Overdue 365 days", true],
  ])("%s is %j", (dueDate, text, overdue) => expect(dueLabel(dueDate, TODAY)).toEqual({ text, overdue }));

  it("counts across the year's end", () => {
    expect(dueLabel("2027-01-01", "2026-12-31")).toEqual({ text: "Due tomorrow", overdue: false });
    expect(dueLabel("2026-12-31", "2027-01-02")).toEqual({ text: "Overdue 2 days", overdue: true });
  });
});

describe("longDate", () => {
  it("spells the date out, with the year only outside today's year", () => {
    expect(longDate("2026-12-04", TODAY)).toBe("Friday, December 4");
    expect(longDate("2027-01-08", TODAY)).toBe("Friday, January 8, 2027");
    expect(longDate("2028-02-29", "2028-02-01")).toBe("Tuesday, February 29");
  });

  it("in another language, in its words and order", () => {
    expect(longDate("2026-12-04", TODAY, "de")).toBe("Freitag, 4. Dezember");
    expect(longDate("2027-01-08", TODAY, "es")).toBe("viernes, 8 de enero de 2027");
  });

  it("names the date's own weekday whatever the machine's zone (UTC+14 pass included)", () => {
    // Midnight UTC of Dec 4 is still Dec 3 in the Americas and already Dec 4 14:00 in Kiritimati:
    // only formatting in UTC keeps the Friday.
    expect(longDate("2026-12-04", TODAY)).toContain("Friday");
    expect(dueLabel("2026-12-06", TODAY).text).toBe("Due Sun, Dec 6");
  });
});
