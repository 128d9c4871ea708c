import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentRequests } from "#server/db/schema.ts";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import { localDateTime } from "./export";

/** How the export wrote a time before it used shared/schedule/zoned.ts: one Intl formatter per cell. */
function writtenBefore(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const MINUTE = 60_000;

describe("the CSV export's times", () => {
  it("are what the export wrote before, across daylight-saving changes (literals from the code before)", () => {
    const cases: [string, string, string][] = [
      // Los Angeles springs forward at 2:00 → 3:00 and falls back at 2:00 → 1:00 (1:30 happens twice).
      ["2026-03-08T09:59:59.999Z", "America/Los_Angeles", "2026-03-08 01:59"],
      ["2026-03-08T10:00:00.000Z", "America/Los_Angeles", "2026-03-08 03:00"],
      ["2026-11-01T07:00:00.000Z", "America/Los_Angeles", "2026-11-01 00:00"],
      ["2026-11-01T08:30:00.000Z", "America/Los_Angeles", "2026-11-01 01:30"],
      ["2026-11-01T09:30:00.000Z", "America/Los_Angeles", "2026-11-01 01:30"],
      ["2026-03-29T00:59:00.000Z", "Europe/London", "2026-03-29 00:59"],
      ["2026-03-29T01:00:00.000Z", "Europe/London", "2026-03-29 02:00"],
      // Lord Howe Island moves by half an hour.
      ["2026-10-03T15:29:00.000Z", "Australia/Lord_Howe", "2026-10-04 01:59"],
      ["2026-10-03T15:30:00.000Z", "Australia/Lord_Howe", "2026-10-04 02:30"],
      ["2026-01-15T03:30:00.000Z", "Asia/Kathmandu", "2026-01-15 09:15"],
      ["2026-01-15T03:30:00.000Z", "UTC", "2026-01-15 03:30"],
      ["2026-12-31T23:59:30.000Z", "Pacific/Kiritimati", "2027-01-01 13:59"],
      // Local mean time, an offset with seconds (−4:56:02).
      ["1880-01-01T12:00:00.000Z", "America/New_York", "1880-01-01 07:03"],
      ["2026-07-04T16:00:00.000Z", "america/los_angeles", "2026-07-04 09:00"],
    ];
    for (const [iso, zone, written] of cases)
      expect(localDateTime(iso, zone), `${iso} ${zone}`).toBe(written);
    expect(localDateTime(null, "UTC")).toBe("");
  });

  it("match the code before minute by minute around each 2026 change, and at instants across the years", () => {
    const zones = [
      "America/Los_Angeles",
      "America/New_York",
      "America/St_Johns",
      "Europe/London",
      "Europe/Berlin",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "America/Santiago",
    ];
    for (const zone of zones) {
      // Each change of offset in 2026 (to the half hour), then every minute two hours either side.
      const clock = new Intl.DateTimeFormat("sv-SE", {
        timeZone: zone,
        dateStyle: "short",
        timeStyle: "short",
      });
      const offset = (at: number) => Date.parse(`${clock.format(at).replace(" ", "T")}Z`) - at;
      // Found a day at a time, then the half hour within the day (these zones change at most
      // twice a year, months apart): the same changes as every half hour of the year, at a
      // twentieth of the Intl calls (17,520 a zone were most of this test's time).
      const changes: number[] = [];
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 48 * 30 * MINUTE) {
        if (offset(day) === offset(day + 48 * 30 * MINUTE)) continue;
        for (let t = day; t < day + 48 * 30 * MINUTE; t += 30 * MINUTE) {
          if (offset(t) !== offset(t + 30 * MINUTE)) changes.push(t);
        }
      }
      expect(changes.length, zone).toBeGreaterThanOrEqual(2);
      for (const change of changes) {
        for (let t = change - 2 * 60 * MINUTE; t <= change + 2 * 60 * MINUTE; t += MINUTE) {
          const iso = new Date(t + 59_999).toISOString();
          expect(localDateTime(iso, zone), `${iso} ${zone}`).toBe(writtenBefore(iso, zone));
        }
      }
      // And a spread of instants from 1970 to 2040, seconds and milliseconds included.
      for (let t = 0; t < Date.UTC(2040, 0, 1); t += 7_777_777_777) {
        const iso = new Date(t).toISOString();
        expect(localDateTime(iso, zone), `${iso} ${zone}`).toBe(writtenBefore(iso, zone));
      }
    }
  });
});

describeEachDatabase("the CSV export at a daylight-saving change", (ctx) => {
  it("writes the times the export wrote before", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const made = await alice("POST", "/api/payment-requests", {
      recipientName: "Zoë",
      recipientPhone: "2125550101",
      amount: "40.00",
      description: "Concert",
    });
    expect(made.statusCode, made.body).toBe(201);
    // 1:30 twice on the night Los Angeles falls back, and 3:00 right after it springs forward.
    await ctx.database.db
      .update(paymentRequests)
      .set({
        createdAt: new Date("2026-11-01T08:30:00Z"),
        viewedAt: new Date("2026-11-01T09:30:00Z"),
        claimedPaidAt: new Date("2026-03-08T10:00:00Z"),
        claimedVia: "venmo",
      })
      .where(eq(paymentRequests.id, made.json().request.id));
    const csv = (await alice("GET", "/api/payment-requests/export.csv?tz=America/Los_Angeles")).body;
    const row = csv.split("\r\n")[1]?.split(",") ?? [];
    expect([row[0], row[8], row[11]]).toEqual(["2026-11-01 01:30", "2026-11-01 01:30", "2026-03-08 03:00"]);
  });
});
