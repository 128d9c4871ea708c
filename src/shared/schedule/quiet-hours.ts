import { z } from "zod";
import { addDays, atLocalTime, localDate, localMinutes, parseLocalTime } from "./zoned";

/**
 * Push quiet hours (docs/decisions/024-chasing.md): no push notification between `start` and `end` in the
 * user's zone; email is not held back (an inbox does not buzz). A range may cross midnight.
 */

export type QuietHours = { start: string; end: string };

export const DEFAULT_QUIET_HOURS: QuietHours = { start: "21:00", end: "08:00" };

export const TIME_OF_DAY_MESSAGE = "Choose a time of day such as 21:00.";

/** A 24-hour "HH:MM". */
export const TimeOfDaySchema = z
  .string(TIME_OF_DAY_MESSAGE)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_OF_DAY_MESSAGE);

export const QuietHoursSchema = z.strictObject({ start: TimeOfDaySchema, end: TimeOfDaySchema });

function minutesOf(time: string): number {
  const { hour, minute } = parseLocalTime(time);
  return hour * 60 + minute;
}

/**
 * True when the instant is in the quiet range in the zone: start inclusive, end exclusive.
 * Equal start and end mean no quiet hours at all (rather than a whole silent day).
 */
export function inQuietHours(instant: Date, timeZone: string, hours: QuietHours): boolean {
  const now = localMinutes(instant, timeZone);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return false;
  if (start < end) return now >= start && now < end;
  return now >= start || now < end; // crosses midnight: 21:00–08:00
}

/**
 * The instant push may resume: the instant itself outside quiet hours, otherwise the next time
 * the zone's clocks show `end` (the same night's morning, even across a daylight-saving change).
 */
export function quietHoursEnd(instant: Date, timeZone: string, hours: QuietHours): Date {
  if (!inQuietHours(instant, timeZone, hours)) return instant;
  const today = localDate(instant, timeZone);
  const crossesMidnight = minutesOf(hours.start) > minutesOf(hours.end);
  const beforeMidnight = localMinutes(instant, timeZone) >= minutesOf(hours.start);
  const endDate = crossesMidnight && beforeMidnight ? addDays(today, 1) : today;
  return atLocalTime(endDate, hours.end, timeZone);
}
