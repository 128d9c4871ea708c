import { describe, expect, it } from "vitest";
import { DEFAULT_QUIET_HOURS, inQuietHours, QuietHoursSchema, quietHoursEnd } from "./quiet-hours";

const NY = "America/New_York";
// 2026-11-25 in New York is EST (UTC−5): local hh:mm = UTC − 5 h.
const ny = (time: string, date = "2026-11-25") => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return new Date(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8)), h + 5, m),
  );
};

describe("inQuietHours", () => {
  it("defaults to 21:00–08:00", () => expect(DEFAULT_QUIET_HOURS).toEqual({ start: "21:00", end: "08:00" }));

  it.each([
    ["20:59", false],
    ["21:00", true],
    ["23:59", true],
    ["00:00", true],
    ["07:59", true],
    ["08:00", false],
    ["12:00", false],
  ])("across midnight, %s local is %s", (time, quiet) =>
    expect(inQuietHours(ny(time), NY, DEFAULT_QUIET_HOURS)).toBe(quiet),
  );

  it.each([
    ["12:59", false],
    ["13:00", true],
    ["14:59", true],
    ["15:00", false],
  ])("within a day (13:00–15:00), %s local is %s", (time, quiet) =>
    expect(inQuietHours(ny(time), NY, { start: "13:00", end: "15:00" })).toBe(quiet),
  );

  it("has no quiet hours when start equals end", () => {
    expect(inQuietHours(ny("22:00"), NY, { start: "22:00", end: "22:00" })).toBe(false);
  });

  it("reads the user's zone, not the machine's", () => {
    const instant = new Date("2026-11-25T12:00:00Z"); // 7:00 in New York, 2:00 next day in Kiritimati
    expect(inQuietHours(instant, NY, DEFAULT_QUIET_HOURS)).toBe(true);
    expect(inQuietHours(instant, "Pacific/Kiritimati", DEFAULT_QUIET_HOURS)).toBe(true);
    expect(inQuietHours(instant, "Europe/London", DEFAULT_QUIET_HOURS)).toBe(false);
  });
});

describe("quietHoursEnd", () => {
  it("is the instant itself outside quiet hours", () => {
    const noon = ny("12:00");
    expect(quietHoursEnd(noon, NY, DEFAULT_QUIET_HOURS)).toEqual(noon);
  });

  it("is next morning's 8:00 late in the evening, and this morning's after midnight", () => {
    expect(quietHoursEnd(ny("22:30"), NY, DEFAULT_QUIET_HOURS).toISOString()).toBe(
      "2026-11-26T13:00:00.000Z",
    );
    expect(quietHoursEnd(ny("03:00"), NY, DEFAULT_QUIET_HOURS).toISOString()).toBe(
      "2026-11-25T13:00:00.000Z",
    );
  });

  it("is the range's end within a day", () => {
    const hours = { start: "13:00", end: "15:00" };
    expect(quietHoursEnd(ny("14:00"), NY, hours).toISOString()).toBe("2026-11-25T20:00:00.000Z");
  });

  it("follows the clock across the night clocks fall back (Nov 1 2026): 8:00 EST = 13:00Z", () => {
    const evening = new Date("2026-11-01T01:30:00Z"); // Oct 31, 21:30 EDT
    expect(quietHoursEnd(evening, NY, DEFAULT_QUIET_HOURS).toISOString()).toBe("2026-11-01T13:00:00.000Z");
  });

  it("follows the clock across the night clocks spring forward (Mar 8 2026): 8:00 EDT = 12:00Z", () => {
    const evening = new Date("2026-03-08T02:30:00Z"); // Mar 7, 21:30 EST
    expect(quietHoursEnd(evening, NY, DEFAULT_QUIET_HOURS).toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
});

describe("QuietHoursSchema", () => {
  it("takes 24-hour HH:MM and refuses others", () => {
    expect(QuietHoursSchema.parse({ start: "22:00", end: "07:30" })).toEqual({
      start: "22:00",
      end: "07:30",
    });
    for (const bad of [
      { start: "9pm", end: "08:00" },
      { start: "24:00", end: "08:00" },
      { start: "21:00" },
    ]) {
      expect(QuietHoursSchema.safeParse(bad).success).toBe(false);
    }
  });
});
