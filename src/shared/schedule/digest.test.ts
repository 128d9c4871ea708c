import { describe, expect, it } from "vitest";
import { DigestHourSchema, nextDigestAt } from "./digest";

const at = (iso: string) => new Date(iso);
const next = (now: string, tz: string, hour: number) => nextDigestAt(at(now), tz, hour).toISOString();

describe("nextDigestAt", () => {
  it("in Pacific/Kiritimati (UTC+14), 8:00 local is 18:00Z the day before", () => {
    const tz = "Pacific/Kiritimati";
    // 17:30Z on Nov 25 is 07:30 on Nov 26 there.
    expect(next("2026-11-25T17:30:00Z", tz, 8)).toBe("2026-11-25T18:00:00.000Z");
    // Exactly at the hour is not "after": the next one is a day later.
    expect(next("2026-11-25T18:00:00Z", tz, 8)).toBe("2026-11-26T18:00:00.000Z");
    // 10:00Z on Nov 25 is midnight starting Nov 26 there.
    expect(next("2026-11-25T10:00:00Z", tz, 0)).toBe("2026-11-26T10:00:00.000Z");
  });

  it("in America/Los_Angeles, 8:00 local is 16:00Z in winter and 15:00Z in summer", () => {
    const tz = "America/Los_Angeles";
    expect(next("2026-11-25T15:00:00Z", tz, 8)).toBe("2026-11-25T16:00:00.000Z");
    expect(next("2026-11-25T16:00:01Z", tz, 8)).toBe("2026-11-26T16:00:00.000Z");
    expect(next("2026-07-01T05:00:00Z", tz, 8)).toBe("2026-07-01T15:00:00.000Z");
    // 23:00 local on Nov 25 is 07:00Z on Nov 26: the next 8:00 is Nov 26 local.
    expect(next("2026-11-26T07:00:00Z", tz, 8)).toBe("2026-11-26T16:00:00.000Z");
  });

  it("stays at the local hour across Los Angeles's DST changes (Mar 8 and Nov 1 2026)", () => {
    const tz = "America/Los_Angeles";
    expect(next("2026-03-07T17:00:00Z", tz, 8)).toBe("2026-03-08T15:00:00.000Z");
    expect(next("2026-10-31T16:00:00Z", tz, 8)).toBe("2026-11-01T16:00:00.000Z");
  });

  it("at an hour the spring-forward change skips, is the first instant after the gap", () => {
    // 2:00 does not exist in Los Angeles on Mar 8 2026; 3:00 PDT = 10:00Z.
    expect(next("2026-03-08T08:00:00Z", "America/Los_Angeles", 2)).toBe("2026-03-08T10:00:00.000Z");
  });

  it("at an hour the fall-back change repeats, happens once, at the first", () => {
    const tz = "America/Los_Angeles";
    expect(next("2026-11-01T07:00:00Z", tz, 1)).toBe("2026-11-01T08:00:00.000Z"); // 1:00 PDT
    // Between the two 1:00s the digest has already gone: the next is tomorrow's.
    expect(next("2026-11-01T08:30:00Z", tz, 1)).toBe("2026-11-02T09:00:00.000Z");
  });
});

describe("DigestHourSchema", () => {
  it("takes whole hours 0–23", () => {
    expect(DigestHourSchema.parse(0)).toBe(0);
    expect(DigestHourSchema.parse(23)).toBe(23);
    for (const bad of [-1, 24, 7.5, "8"]) {
      expect(DigestHourSchema.safeParse(bad).error?.issues[0]?.message).toBe("Choose an hour from 0 to 23.");
    }
  });
});
