import type { I18n } from "@lingui/core";
import { z } from "zod";
import { ENGLISH } from "#shared/i18n/english.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { addMonthsClamped, daysBetween, isCalendarDate, parseDate } from "./zoned";

/**
 * A request's optional due date (docs/decisions/024-chasing.md): a calendar date in the requester's zone, from
 * today up to a year ahead, shown on the card and the pay page.
 */

export const DUE_DATE_MESSAGES = {
  notADate: /*i18n*/ "Choose a real date for the due date.",
  past: /*i18n*/ "Choose a due date from today on.",
  tooFar: /*i18n*/ "Choose a due date within a year.",
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
type YearFormats = { thisYear: Intl.DateTimeFormat; otherYear: Intl.DateTimeFormat };
const SHORT: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
};
const LONG: Intl.DateTimeFormatOptions = { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" };
/** A date's two formats in a language's words, without and with the year; made once per language and length. */
const formats = new Map<string, YearFormats>();
function yearFormats(options: Intl.DateTimeFormatOptions, locale: string): YearFormats {
  const key = `${options.weekday} ${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = {
      thisYear: new Intl.DateTimeFormat(locale, options),
      otherYear: new Intl.DateTimeFormat(locale, { ...options, year: "numeric" }),
    };
    formats.set(key, format);
  }
  return format;
}

function formatDate(
  options: Intl.DateTimeFormatOptions,
  date: string,
  today: string,
  locale: string,
): string {
  const format = yearFormats(options, locale);
  return (sameYear(date, today) ? format.thisYear : format.otherYear).format(noonUtc(date));
}

function noonUtc(date: string): Date {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

function sameYear(a: string, b: string): boolean {
  return a.slice(0, 4) === b.slice(0, 4);
}

/** "Fri, Dec 4", or "Fri, Dec 4, 2027" outside today's year; in another language its own ("Fr., 4. Dez."). */
export function shortDate(date: string, today: string, locale = "en-US"): string {
  return formatDate(SHORT, date, today, locale);
}

/**
 * "Friday, December 4", or "Friday, December 4, 2027" outside today's year; in another language
 * its own words and order ("Freitag, 4. Dezember").
 */
export function longDate(date: string, today: string, locale = "en-US"): string {
  return formatDate(LONG, date, today, locale);
}

export type DueLabel = { text: string; overdue: boolean };

/**
 * The card's line: "Due today", "Due tomorrow", "Due Fri, Dec 4", "Overdue 2 days" (warning
 * colour), in `i18n`'s language (the app passes its own).
 */
export function dueLabel(dueDate: string, today: string, i18n: I18n = ENGLISH): DueLabel {
  const days = daysBetween(today, dueDate);
  if (days < 0) {
    return {
      text: i18n._("{days, plural, one {Overdue # day} other {Overdue # days}}", { days: -days }),
      overdue: true,
    };
  }
  if (days === 0) return { text: i18n._("Due today"), overdue: false };
  if (days === 1) return { text: i18n._("Due tomorrow"), overdue: false };
  return {
    text: i18n._("Due {date}", { date: shortDate(dueDate, today, intlLocaleOf(i18n.locale)) }),
    overdue: false,
  };
}
