import { z } from "zod";
import { addDays, atLocalTime, localDate, SCHEDULE_LOCAL_TIME } from "./zoned";

/**
 * Automatic reminders (docs/decisions/024-chasing.md): each is a whole number of days after a base date (the
 * due date, else the day the request was sent) and happens at 9:00 in the requester's zone.
 */

export const MAX_REMINDERS = 4;
export const MAX_REMINDER_DAY = 60;

export const REMINDER_MESSAGES = {
  day: /*i18n*/ "Choose reminder days from 0 to 60.",
  tooMany: /*i18n*/ "Choose at most 4 reminders.",
  repeated: /*i18n*/ "Choose each reminder day once.",
} as const;

/** Up to 4 distinct day offsets, sorted; `[]` means no reminders for this request. */
export const ReminderDaysSchema = z
  .array(
    z
      .number(REMINDER_MESSAGES.day)
      .int(REMINDER_MESSAGES.day)
      .min(0, REMINDER_MESSAGES.day)
      .max(MAX_REMINDER_DAY, REMINDER_MESSAGES.day),
    REMINDER_MESSAGES.day,
  )
  .max(MAX_REMINDERS, REMINDER_MESSAGES.tooMany)
  .refine((days) => new Set(days).size === days.length, REMINDER_MESSAGES.repeated)
  .transform((days) => [...days].sort((a, b) => a - b));
export type ReminderDays = z.infer<typeof ReminderDaysSchema>;

/**
 * With a due date: on it and 3 days after (Square Invoices chases after the due date too).
 * Without one: 3 and 7 days after the request was sent.
 */
export function defaultReminderDays(hasDueDate: boolean): number[] {
  return hasDueDate ? [0, 3] : [3, 7];
}

export type ScheduledReminder = { offset: number; date: string; at: Date };

export type ReminderScheduleInput = {
  sentAt: Date;
  dueDate?: string | null;
  /** null or undefined: the default rule; [] : no reminders. */
  days?: readonly number[] | null;
  timeZone: string;
};

/**
 * Every reminder of a request, earliest first. One whose `at` is not after `sentAt` (day 0 of a
 * request sent after 9:00) is listed anyway: whether to send it late or skip it is the caller's
 * decision, made where the clock is.
 */
export function reminderSchedule(input: ReminderScheduleInput): ScheduledReminder[] {
  const { sentAt, dueDate, timeZone } = input;
  const days = input.days ?? defaultReminderDays(Boolean(dueDate));
  const base = dueDate ?? localDate(sentAt, timeZone);
  return [...new Set(days)]
    .sort((a, b) => a - b)
    .map((offset) => {
      const date = addDays(base, offset);
      return { offset, date, at: atLocalTime(date, SCHEDULE_LOCAL_TIME, timeZone) };
    });
}

/** The first reminder strictly after `after`, or null when none is left. */
export function nextReminder(schedule: readonly ScheduledReminder[], after: Date): ScheduledReminder | null {
  return schedule.find((reminder) => reminder.at.getTime() > after.getTime()) ?? null;
}

export type ReminderDecision = "send" | "stop" | "pause";

/**
 * What a due reminder does now: never chase a paid or cancelled request ("stop"), and wait while
 * the payer says they paid and the requester has not confirmed ("pause": chasing someone who
 * says they paid would be rude, and the claim may yet be declined).
 */
export function reminderDecision(request: {
  status: "pending" | "paid" | "cancelled";
  claimPending: boolean;
}): ReminderDecision {
  if (request.status !== "pending") return "stop";
  if (request.claimPending) return "pause";
  return "send";
}
