import { z } from "zod";
import { addMonthsClamped, daysBetween, isCalendarDate, parseDate } from "./zoned";

/**
 * A request's optional due date (docs/decisions/024-chasing.md): a calendar date in the requester's zone, from
 * today up to a year ahead, shown on the card and the pay page.
 */

export const DUE_DATE_MESSAGES = {
  notADate: "Choose a real date for the due date.",
  past: "Choose a due date from today on.",
  tooFar: "Choose a due date within a year.",
} as const;

/**
 * "YYYY-MM-DD" naming a real day. Whether it is today or later depends on the requester's zone,
 * which a static schema cannot know: the route checks that with `dueDateProblem`.
 */
export const DueDateSchema = z
  .string(DUE_DATE_MESSAGES.notADate)
  .refine(isCalendarDate, DUE_DATE_MESSAGES.notADate);

/** The same date next year; from Feb 29 that is Feb 28, so a year is never more than 365/366 days. */
export function oneYearAfter(date: string): string {
  return addMonthsClamped(date, 12);
}

/** Why `dueDate` cannot be a due date when it is `today` in the requester's zone, or null. */
export function dueDateProblem(dueDate: string, today: string): string | null {
  if (!isCalendarDate(dueDate)) return DUE_DATE_MESSAGES.notADate;
  if (dueDate < today) return DUE_DATE_MESSAGES.past;
  if (dueDate > oneYearAfter(today)) return DUE_DATE_MESSAGES.tooFar;
  return null;
}

// Calendar dates are shown through a noon-UTC Date formatted in UTC: the same words whatever the
// machine's zone (noon keeps any engine's rounding far from a day's edge).
const SHORT = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const SHORT_WITH_YEAR = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
/** "Friday, December 4" in a language's words, with the year outside today's; made once per language. */
const longFormats = new Map<string, { thisYear: Intl.DateTimeFormat; otherYear: Intl.DateTimeFormat }>();
function longFormat(locale: string) {
  let format = longFormats.get(locale);
  if (!format) {
    const options = { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" } as const;
    format = {
      thisYear: new Intl.DateTimeFormat(locale, options),
      otherYear: new Intl.DateTimeFormat(locale, { ...options, year: "numeric" }),
    };
    longFormats.set(locale, format);
  }
  return format;
}

function noonUtc(date: string): Date {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

function sameYear(a: string, b: string): boolean {
  return a.slice(0, 4) === b.slice(0, 4);
}

/** "Fri, Dec 4", or "Fri, Dec 4, 2027" outside today's year. */
export function shortDate(date: string, today: string): string {
  return (sameYear(date, today) ? SHORT : SHORT_WITH_YEAR).format(noonUtc(date));
}

/**
 * "Friday, December 4", or "Friday, December 4, 2027" outside today's year; in another language
 * its own words and order ("Freitag, 4. Dezember").
 */
export function longDate(date: string, today: string, locale = "en-US"): string {
  const format = longFormat(locale);
  return (sameYear(date, today) ? format.thisYear : format.otherYear).format(noonUtc(date));
}

export type DueLabel = { text: string; overdue: boolean };

/** The card's line: "Due today", "Due tomorrow", "Due Fri, Dec 4", "Overdue 2 days" (warning colour). */
export function dueLabel(dueDate: string, today: string): DueLabel {
  const days = daysBetween(today, dueDate);
  if (days < 0) {
    const late = -days;
    return { text: `Overdue ${late} ${late === 1 ? "day" : "days"}`, overdue: true };
  }
  if (days === 0) return { text: "Due today", overdue: false };
  if (days === 1) return { text: "Due tomorrow", overdue: false };
  return { text: `Due ${shortDate(dueDate, today)}`, overdue: false };
}
