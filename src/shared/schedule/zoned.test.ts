import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonthsClamped,
  atLocalTime,
  canonicalTimeZone,
  daysBetween,
  daysInMonth,
  isCalendarDate,
  isValidTimeZone,
  localDate,
  localMinutes,
  localWeekday,
  parseLocalTime,
  timeZoneCacheSize,
  weekdayOf,
} from "./zoned";

const NY = "America/New_York";
const iso = (date: Date) => date.toISOString();

describe("calendar dates", () => {
  it.each([
    ["2026-11-25", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-1-5", false],
    ["", false],
    ["2026-11-25T00:00", false],
  ])("isCalendarDate(%j) is %s", (value, expected) => expect(isCalendarDate(value)).toBe(expected));

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    // The DST weekend is an ordinary day for calendar arithmetic.
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
  });

  it("adds months on an anchor day, clamped to the month's last day", () => {
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsClamped("2026-02-28", 1, 31)).toBe("2026-03-31");
    expect(addMonthsClamped("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonthsClamped("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsClamped("2028-02-29", 12)).toBe("2029-02-28");
  });

  it("counts whole days between dates, signed", () => {
    expect(daysBetween("2026-11-25", "2026-11-25")).toBe(0);
    expect(daysBetween("2026-11-25", "2026-12-04")).toBe(9);
    expect(daysBetween("2026-12-04", "2026-11-25")).toBe(-9);
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(30);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("knows weekdays and month lengths", () => {
    expect(weekdayOf("2026-12-04")).toBe(5); // a Friday
    expect(weekdayOf("2026-03-08")).toBe(0); // a Sunday
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });
});

describe("time zones", () => {
  it.each(["America/New_York", "UTC", "Pacific/Kiritimati", "Asia/Kolkata", "Asia/Calcutta"])(
    "accepts %s",
    (tz) => expect(isValidTimeZone(tz)).toBe(true),
  );
  it.each(["", "Mars/Olympus", "+05:00", "-0800", "New York", "America/New_York\n"])("refuses %j", (tz) =>
    expect(isValidTimeZone(tz)).toBe(false),
  );

  it("names each zone as the runtime does, whatever the letter case or older alias", () => {
    expect(canonicalTimeZone("america/new_york")).toBe(NY);
    expect(canonicalTimeZone("AMERICA/NEW_YORK")).toBe(NY);
    expect(canonicalTimeZone("US/Eastern")).toBe(NY);
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("etc/gmt-14")).toBe("Etc/GMT-14");
    expect(canonicalTimeZone("asia/kolkata")).toBe(canonicalTimeZone("Asia/Kolkata"));
    // Every zone the runtime lists is its own canonical name.
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(canonicalTimeZone(zone), zone).toBe(zone);
    for (const bad of ["Mars/Olympus", "+05:00", ""]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it("keeps one formatter per canonical zone: 10,000 spellings of five names add one per canonical zone", () => {
    // Each Intl.DateTimeFormat holds ~29 KiB off the JS heap; one per spelling grew without end.
    const zones = ["America/New_York", "Europe/Paris", "Asia/Kolkata", "Australia/Sydney", "Asia/Calcutta"];
    const canonical = new Set(zones.map((zone) => canonicalTimeZone(zone)));
    const before = timeZoneCacheSize();
    const spellings = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const zone = zones[i % zones.length] ?? NY;
      const mask = Math.floor(i / zones.length);
      let bit = 0;
      const spelling = [...zone]
        .map((c) => (/[a-z]/i.test(c) && (mask >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()))
        .join("");
      spellings.add(spelling);
      expect(isValidTimeZone(spelling)).toBe(true);
      expect(localDate(new Date("2026-11-25T12:30:00Z"), spelling)).toBe(
        localDate(new Date("2026-11-25T12:30:00Z"), zone),
      );
    }
    expect(spellings.size).toBeGreaterThan(9_000);
    const after = timeZoneCacheSize();
    expect(after.formatters - before.formatters).toBeLessThanOrEqual(canonical.size);
    expect(after.formatters).toBeLessThanOrEqual(1_024);
    expect(after.spellings).toBeLessThanOrEqual(1_024);
  });

  it("gives the instant's local date, weekday and minutes in the zone, not the machine's", () => {
    const instant = new Date("2026-11-25T12:30:00Z");
    expect(localDate(instant, "Pacific/Kiritimati")).toBe("2026-11-26");
    expect(localDate(instant, "Pacific/Pago_Pago")).toBe("2026-11-25");
    expect(localDate(new Date("2026-11-26T04:59:59Z"), NY)).toBe("2026-11-25");
    expect(localDate(new Date("2026-11-26T05:00:00Z"), NY)).toBe("2026-11-26");
    expect(localWeekday(instant, "Pacific/Kiritimati")).toBe(4); // Thursday
    expect(localMinutes(instant, "Asia/Kolkata")).toBe(18 * 60); // +5:30
    expect(localMinutes(new Date("2026-11-26T05:00:00Z"), NY)).toBe(0);
  });

  it("reads 24-hour times and refuses others", () => {
    expect(parseLocalTime("09:00")).toEqual({ hour: 9, minute: 0 });
    expect(parseLocalTime("23:59")).toEqual({ hour: 23, minute: 59 });
    for (const bad of ["9:00", "24:00", "12:60", "noon"]) expect(() => parseLocalTime(bad)).toThrow();
  });
});

describe("atLocalTime", () => {
  it("is 9:00 in New York: 14:00Z in winter and 13:00Z in summer", () => {
    expect(iso(atLocalTime("2026-03-07", "09:00", NY))).toBe("2026-03-07T14:00:00.000Z");
    expect(iso(atLocalTime("2026-03-08", "09:00", NY))).toBe("2026-03-08T13:00:00.000Z");
    expect(iso(atLocalTime("2026-10-31", "09:00", NY))).toBe("2026-10-31T13:00:00.000Z");
    expect(iso(atLocalTime("2026-11-01", { hour: 9, minute: 0 }, NY))).toBe("2026-11-01T14:00:00.000Z");
  });

  it("moves a time in the spring-forward gap to the first valid instant (3:00 EDT)", () => {
    const at = atLocalTime("2026-03-08", "02:30", NY);
    expect(iso(at)).toBe("2026-03-08T07:00:00.000Z");
    expect(localMinutes(at, NY)).toBe(3 * 60);
    expect(iso(atLocalTime("2026-03-08", "02:00", NY))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(atLocalTime("2026-03-08", "03:00", NY))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(atLocalTime("2026-03-08", "01:59", NY))).toBe("2026-03-08T06:59:00.000Z");
  });

  it("takes the first of the two 1:30s when clocks fall back", () => {
    expect(iso(atLocalTime("2026-11-01", "01:30", NY))).toBe("2026-11-01T05:30:00.000Z"); // EDT
    expect(iso(atLocalTime("2026-11-01", "00:59", NY))).toBe("2026-11-01T04:59:00.000Z");
    expect(iso(atLocalTime("2026-11-01", "02:00", NY))).toBe("2026-11-01T07:00:00.000Z"); // EST
  });

  it("handles half-hour zones and the zone furthest ahead", () => {
    expect(iso(atLocalTime("2026-11-26", "09:00", "Asia/Kolkata"))).toBe("2026-11-26T03:30:00.000Z");
    expect(iso(atLocalTime("2026-11-26", "09:00", "Pacific/Kiritimati"))).toBe("2026-11-25T19:00:00.000Z");
    expect(iso(atLocalTime("2026-11-26", "00:00", "UTC"))).toBe("2026-11-26T00:00:00.000Z");
  });

  it("handles the southern hemisphere's changes (Sydney: back on Apr 5, forward on Oct 4 2026)", () => {
    const SYD = "Australia/Sydney";
    expect(iso(atLocalTime("2026-04-05", "02:30", SYD))).toBe("2026-04-04T15:30:00.000Z"); // first, +11
    expect(iso(atLocalTime("2026-10-04", "02:30", SYD))).toBe("2026-10-03T16:00:00.000Z"); // 3:00 +11
    expect(iso(atLocalTime("2026-10-04", "09:00", SYD))).toBe("2026-10-03T22:00:00.000Z");
  });
});

describe("atLocalTime and localDate agree on every day of 2026 and 2028", () => {
  it.each([
    "America/New_York",
    "America/Los_Angeles",
    "Europe/London",
    "Australia/Sydney",
    "Pacific/Kiritimati",
  ])("9:00 on each day in %s shows 9:00 on that day", (tz) => {
    for (let date = "2026-01-01"; date < "2029-01-01"; date = addDays(date, 1)) {
      if (date.startsWith("2027")) continue;
      const at = atLocalTime(date, "09:00", tz);
      expect([localDate(at, tz), localMinutes(at, tz)], date).toEqual([date, 9 * 60]);
    }
  });
});

describe("the zone's clock, kept per minute, reads as Intl does", () => {
  const intl = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    return [`${parts.year}-${parts.month}-${parts.day}`, Number(parts.hour) * 60 + Number(parts.minute)];
  };
  it.each([
    ["America/New_York", "2026-03-08T06:30:00Z", "2026-11-01T05:30:00Z"],
    ["Australia/Lord_Howe", "2026-04-04T14:30:00Z", "2026-10-03T15:00:00Z"], // a 30-minute change
    ["Pacific/Chatham", "2026-04-04T13:15:00Z", "2026-09-26T13:45:00Z"], // +12:45 and +13:45
    ["Asia/Kathmandu", "2026-01-01T00:00:00Z", "2026-07-01T00:00:00Z"], // +5:45
  ])("%s, every 7 min 13 s across its changes, the same instant asked twice", (tz, ...changes) => {
    for (const change of changes) {
      const at = Date.parse(change);
      for (let t = at - 3 * 3_600_000; t < at + 3 * 3_600_000; t += 433_000) {
        for (const instant of [new Date(t), new Date(t + 59_999), new Date(t)]) {
          expect([localDate(instant, tz), localMinutes(instant, tz)], instant.toISOString()).toEqual(
            intl(instant, tz),
          );
        }
      }
    }
  });

  it("reads a 1960 instant in a zone whose offset then had seconds (Monrovia, −0:44:30)", () => {
    const instant = new Date("1960-06-01T12:00:30Z");
    expect([localDate(instant, "Africa/Monrovia"), localMinutes(instant, "Africa/Monrovia")]).toEqual(
      intl(instant, "Africa/Monrovia"),
    );
  });
});
