import type { I18n } from "@lingui/core";
import { z } from "zod";
import { oneYearAfter, shortDate } from "./due-date";
import { ReminderDaysSchema } from "./reminders";
import {
  addDays,
  addMonthsClamped,
  atLocalTime,
  daysBetween,
  isCalendarDate,
  parseDate,
  SCHEDULE_LOCAL_TIME,
} from "./zoned";

/**
 * Recurring requests (docs/decisions/024-chasing.md): weekly, every 2 weeks, or monthly on the start's day of
 * the month, until a date, for N times, or until stopped. Each occurrence is a calendar date; its
 * request is created at 9:00 in the requester's zone on that date.
 */

export const FrequencySchema = z.enum(["weekly", "biweekly", "monthly"], {
  error: /*i18n*/ "Choose weekly, every 2 weeks, or monthly.",
});
export type Frequency = z.infer<typeof FrequencySchema>;

export const MAX_OCCURRENCES = 120;

export type Series = {
  frequency: Frequency;
  startDate: string;
  /** Last possible date, inclusive. */
  endDate?: string | null;
  /** Number of occurrences in all, counted from `startDate`. */
  count?: number | null;
};

/**
 * The `index`-th date (0 = startDate). Always counted from the start, never from the previous
 * occurrence, so Jan 31 → Feb 28 → Mar 31: the 28th never becomes the new anchor.
 */
export function occurrenceDate(series: Series, index: number): string {
  switch (series.frequency) {
    case "weekly":
      return addDays(series.startDate, 7 * index);
    case "biweekly":
      return addDays(series.startDate, 14 * index);
    case "monthly":
      return addMonthsClamped(series.startDate, index, parseDate(series.startDate).day);
  }
}

/** An index at or before the first occurrence on or after `from`, so a long series is not walked. */
function firstIndexNear(series: Series, from: string): number {
  const days = daysBetween(series.startDate, from);
  if (days <= 0) return 0;
  if (series.frequency === "weekly") return Math.floor(days / 7);
  if (series.frequency === "biweekly") return Math.floor(days / 14);
  const start = parseDate(series.startDate);
  const target = parseDate(from);
  return Math.max(0, (target.year - start.year) * 12 + (target.month - start.month) - 1);
}

function ended(series: Series, index: number, date: string): boolean {
  if (series.count != null && index >= series.count) return true;
  return series.endDate != null && date > series.endDate;
}

/** Up to `limit` occurrence dates on or after `from` (default: all from the start), in order. */
export function occurrences(series: Series, options: { from?: string; limit: number }): string[] {
  const from = options.from ?? series.startDate;
  const dates: string[] = [];
  for (let index = firstIndexNear(series, from); dates.length < options.limit; index++) {
    const date = occurrenceDate(series, index);
    if (ended(series, index, date)) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

/** The first occurrence strictly after `afterDate`, or null when the series has ended. */
export function nextOccurrence(series: Series, afterDate: string): string | null {
  return occurrences(series, { from: addDays(afterDate, 1), limit: 1 })[0] ?? null;
}

/** When the occurrence's request is created: 9:00 on its date in the requester's zone. */
export function occurrenceAt(date: string, timeZone: string): Date {
  return atLocalTime(date, SCHEDULE_LOCAL_TIME, timeZone);
}

export const RECURRING_MESSAGES = {
  startDate: /*i18n*/ "Choose a real start date.",
  endDate: /*i18n*/ "Choose a real end date.",
  count: /*i18n*/ "Choose from 1 to 120 times.",
  endOrCount: /*i18n*/ "Choose an end date or a number of times, not both.",
  endBeforeStart: /*i18n*/ "Choose an end date after the start date.",
  startPast: /*i18n*/ "Choose a start date from today on.",
  startTooFar: /*i18n*/ "Choose a start date within a year.",
  sendDaysBefore: /*i18n*/ "Choose from 0 to 28 days before the due date.",
} as const;

/** How many days before its due date a rent-grade occurrence may go out. */
export const MAX_SEND_DAYS_BEFORE = 28;

/**
 * The schedule's fields, to spread into a larger object schema (zod cannot extend an object once
 * it carries refinements); pair it with `checkRecurringSchedule` in a superRefine.
 */
export const RecurringScheduleShape = {
  frequency: FrequencySchema,
  startDate: z.string(RECURRING_MESSAGES.startDate).refine(isCalendarDate, RECURRING_MESSAGES.startDate),
  endDate: z.string(RECURRING_MESSAGES.endDate).refine(isCalendarDate, RECURRING_MESSAGES.endDate).nullish(),
  count: z
    .number(RECURRING_MESSAGES.count)
    .int(RECURRING_MESSAGES.count)
    .min(1, RECURRING_MESSAGES.count)
    .max(MAX_OCCURRENCES, RECURRING_MESSAGES.count)
    .nullish(),
  /** Each date is a due date, its request sent this many days before; absent or null: none. */
  sendDaysBefore: z
    .number(RECURRING_MESSAGES.sendDaysBefore)
    .int(RECURRING_MESSAGES.sendDaysBefore)
    .min(0, RECURRING_MESSAGES.sendDaysBefore)
    .max(MAX_SEND_DAYS_BEFORE, RECURRING_MESSAGES.sendDaysBefore)
    .nullish(),
  /** Each occurrence's reminder days; absent or null: the requester's default; []: none. */
  reminderDays: ReminderDaysSchema.nullish(),
};

/**
 * The day an occurrence's request goes out: its date, or `sendDaysBefore` days earlier for a
 * rent-grade series (whose date is then the request's due date).
 */
export function sendDateOf(date: string, sendDaysBefore: number | null | undefined): string {
  return sendDaysBefore ? addDays(date, -sendDaysBefore) : date;
}

/** "It repeats every month.": what a payer's email says of the series, in `i18n`'s language. */
export function repeatsWords(frequency: Frequency, i18n: I18n): string {
  if (frequency === "weekly") return i18n._("It repeats every week.");
  if (frequency === "biweekly") return i18n._("It repeats every 2 weeks.");
  return i18n._("It repeats every month.");
}

export type ScheduleIssue = { path: "startDate" | "endDate" | "count"; message: string };

/**
 * What is wrong with a well-formed schedule as a whole. With `today` (the requester's date, which
 * only the server and the browser know) the start must also be from today to a year ahead.
 */
export function recurringScheduleIssues(series: Series, today?: string): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (series.endDate != null && series.count != null) {
    issues.push({ path: "count", message: RECURRING_MESSAGES.endOrCount });
  } else if (series.endDate != null && series.endDate <= series.startDate) {
    issues.push({ path: "endDate", message: RECURRING_MESSAGES.endBeforeStart });
  }
  if (today !== undefined && series.startDate < today) {
    issues.push({ path: "startDate", message: RECURRING_MESSAGES.startPast });
  } else if (today !== undefined && series.startDate > oneYearAfter(today)) {
    issues.push({ path: "startDate", message: RECURRING_MESSAGES.startTooFar });
  }
  return issues;
}

/** A superRefine for any object holding `RecurringScheduleShape`'s fields. */
export function checkRecurringSchedule(today?: string) {
  return (series: Series, ctx: z.RefinementCtx) => {
    for (const issue of recurringScheduleIssues(series, today)) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
  };
}

/** The schedule alone, checked without knowing today (the route adds `today`'s checks). */
export const RecurringInputSchema = z
  .strictObject(RecurringScheduleShape)
  .superRefine(checkRecurringSchedule());
export type RecurringInput = z.infer<typeof RecurringInputSchema>;

/** The same, including "from today on, within a year" for the requester's `today`. */
export function recurringInputSchemaFor(today: string) {
  return z.strictObject(RecurringScheduleShape).superRefine(checkRecurringSchedule(today));
}

/** "December" for a monthly series, "Mon, Dec 7" for a weekly one: which occurrence this is, in `locale`'s words. */
export function occurrenceLabel(frequency: Frequency, date: string, locale = "en-US"): string {
  if (frequency === "monthly") {
    return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { timeZone: "UTC", month: "long" });
  }
  return shortDate(date, date, locale);
}
