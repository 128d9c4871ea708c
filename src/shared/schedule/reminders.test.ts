import { describe, expect, it } from "vitest";
import {
  defaultReminderDays,
  MAX_REMINDERS,
  nextReminder,
  REMINDER_MESSAGES,
  ReminderDaysSchema,
  reminderDecision,
  reminderSchedule,
} from "./reminders";

const NY = "America/New_York";
const summary = (schedule: ReturnType<typeof reminderSchedule>) =>
  schedule.map(({ offset, date, at }) => [offset, date, at.toISOString()]);

describe("ReminderDaysSchema", () => {
  it("sorts up to 4 distinct days from 0 to 60", () => {
    expect(ReminderDaysSchema.parse([7, 0, 60, 3])).toEqual([0, 3, 7, 60]);
    expect(ReminderDaysSchema.parse([])).toEqual([]);
    expect(MAX_REMINDERS).toBe(4);
  });

  it.each([
    [[1, 2, 3, 4, 5], REMINDER_MESSAGES.tooMany],
    [[3, 3], REMINDER_MESSAGES.repeated],
    [[-1], REMINDER_MESSAGES.day],
    [[61], REMINDER_MESSAGES.day],
    [[1.5], REMINDER_MESSAGES.day],
    [["3"], REMINDER_MESSAGES.day],
    ["3,7", REMINDER_MESSAGES.day],
  ])("refuses %j with a sentence", (input, message) => {
    const result = ReminderDaysSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("reminderSchedule", () => {
  it("with a due date defaults to the due date and 3 days after, at 9:00 local", () => {
    expect(defaultReminderDays(true)).toEqual([0, 3]);
    const schedule = reminderSchedule({
      sentAt: new Date("2026-11-20T15:00:00Z"),
      dueDate: "2026-12-04",
      timeZone: NY,
    });
    expect(summary(schedule)).toEqual([
      [0, "2026-12-04", "2026-12-04T14:00:00.000Z"],
      [3, "2026-12-07", "2026-12-07T14:00:00.000Z"],
    ]);
  });

  it("without one defaults to 3 and 7 days after the local day it was sent", () => {
    expect(defaultReminderDays(false)).toEqual([3, 7]);
    // 23:30 on Nov 20 in New York is already Nov 21 in UTC: the requester's day counts.
    const schedule = reminderSchedule({ sentAt: new Date("2026-11-21T04:30:00Z"), timeZone: NY });
    expect(summary(schedule)).toEqual([
      [3, "2026-11-23", "2026-11-23T14:00:00.000Z"],
      [7, "2026-11-27", "2026-11-27T14:00:00.000Z"],
    ]);
  });

  it("takes custom offsets, sorted, and none for an empty list", () => {
    const base = { sentAt: new Date("2026-11-25T15:00:00Z"), dueDate: "2026-12-01", timeZone: NY };
    expect(reminderSchedule({ ...base, days: [14, 1, 0] }).map((r) => r.date)).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-15",
    ]);
    expect(reminderSchedule({ ...base, days: [] })).toEqual([]);
    expect(reminderSchedule({ ...base, days: null }).map((r) => r.offset)).toEqual([0, 3]);
  });

  it("stays at 9:00 local across the November DST change", () => {
    const schedule = reminderSchedule({
      sentAt: new Date("2026-10-28T16:00:00Z"),
      dueDate: "2026-10-30",
      days: [0, 3],
      timeZone: NY,
    });
    expect(summary(schedule)).toEqual([
      [0, "2026-10-30", "2026-10-30T13:00:00.000Z"],
      [3, "2026-11-02", "2026-11-02T14:00:00.000Z"],
    ]);
  });

  it("lists a reminder already past when sent (day 0 after 9:00); nextReminder skips it", () => {
    const sentAt = new Date("2026-11-25T20:00:00Z"); // 15:00 in New York
    const schedule = reminderSchedule({ sentAt, days: [0, 2], timeZone: NY });
    expect(schedule[0]?.at.toISOString()).toBe("2026-11-25T14:00:00.000Z");
    expect(nextReminder(schedule, sentAt)?.offset).toBe(2);
    expect(nextReminder(schedule, new Date("2026-11-27T14:00:00Z"))).toBeNull();
    expect(nextReminder(schedule, new Date("2026-11-27T13:59:59Z"))?.date).toBe("2026-11-27");
  });

  it("uses the requester's zone: Kiritimati's 9:00 is 19:00Z the day before", () => {
    const schedule = reminderSchedule({
      sentAt: new Date("2026-11-25T11:00:00Z"), // Nov 26, 01:00 local
      timeZone: "Pacific/Kiritimati",
    });
    expect(summary(schedule)).toEqual([
      [3, "2026-11-29", "2026-11-28T19:00:00.000Z"],
      [7, "2026-12-03", "2026-12-02T19:00:00.000Z"],
    ]);
  });
});

describe("reminderDecision", () => {
  it.each([
    ["pending", false, "send"],
    ["pending", true, "pause"],
    ["paid", false, "stop"],
    ["paid", true, "stop"],
    ["cancelled", false, "stop"],
    ["cancelled", true, "stop"],
  ] as const)("%s with a pending claim %s → %s", (status, claimPending, decision) =>
    expect(reminderDecision({ status, claimPending })).toBe(decision),
  );
});
