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

  it("shows the time for today's, in the viewer's time zone (issue 23, item 22)", () => {
    const now = new Date("2026-01-05T23:30:00.000Z");
    expect(formatRequestDate("2026-01-05T15:04:00.000Z", "UTC", now)).toBe("Today, 3:04 PM");
    expect(formatRequestDate("2026-01-04T23:59:00.000Z", "UTC", now)).toBe("Jan 4, 2026");
    // 23:30 UTC is already the 6th in Tokyo: a request from 15:04 UTC (00:04 on the 6th there) is today's.
    expect(formatRequestDate("2026-01-05T15:04:00.000Z", "Asia/Tokyo", now)).toBe("Today, 12:04 AM");
  });

  it("shows nothing for a date it cannot read", () => {
    expect(formatRequestDate("soon")).toBe("");
  });
});
