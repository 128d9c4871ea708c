import { describe, expect, it } from "vitest";
import { formatRequestDate } from "./format-date";

describe("formatRequestDate", () => {
  it("shows month, day and year", () => {
    expect(formatRequestDate("2026-01-05T12:00:00.000Z")).toBe("Jan 5, 2026");
  });

  it("shows nothing for a date it cannot read", () => {
    expect(formatRequestDate("soon")).toBe("");
  });
});
