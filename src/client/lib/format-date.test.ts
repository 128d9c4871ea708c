import { describe, expect, it } from "vitest";
import { formatRequestDate } from "./format-date";

describe("formatRequestDate", () => {
  it("shows month, day and year in the viewer's time zone", () => {
    const noonUtc = "2026-01-05T12:00:00.000Z";
    expect(formatRequestDate(noonUtc, "UTC")).toBe("Jan 5, 2026");
    // Noon UTC is already the next day on Kiritimati (UTC+14) and still the 5th in Hawaii.
    expect(formatRequestDate(noonUtc, "Pacific/Kiritimati")).toBe("Jan 6, 2026");
    expect(formatRequestDate(noonUtc, "Pacific/Honolulu")).toBe("Jan 5, 2026");
  });

  it("shows nothing for a date it cannot read", () => {
    expect(formatRequestDate("soon")).toBe("");
  });
});
