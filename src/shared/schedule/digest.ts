import { z } from "zod";
import { addDays, atLocalTime, localDate } from "./zoned";

/**
 * The optional daily digest (docs/decisions/024-chasing.md) goes out once a day at the hour the user chose, in
 * their zone.
 */

export const DEFAULT_DIGEST_HOUR = 8;

export const DigestHourSchema = z
  .number(/*i18n*/ "Choose an hour from 0 to 23.")
  .int(/*i18n*/ "Choose an hour from 0 to 23.")
  .min(0, /*i18n*/ "Choose an hour from 0 to 23.")
  .max(23, /*i18n*/ "Choose an hour from 0 to 23.");

/**
 * The next instant strictly after `now` when the zone's clocks show `hour`:00. On the day that
 * hour is skipped by a spring-forward change it is the first instant after the gap; on the day it
 * happens twice, the first time.
 */
export function nextDigestAt(now: Date, timeZone: string, hour: number): Date {
  const time = { hour, minute: 0 };
  const today = localDate(now, timeZone);
  const candidate = atLocalTime(today, time, timeZone);
  if (candidate.getTime() > now.getTime()) return candidate;
  return atLocalTime(addDays(today, 1), time, timeZone);
}
