import type { I18n } from "@lingui/core";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { appI18n } from "./i18n";

const DAY_KEY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/**
 * A request's created date as "Jan 5, 2026", or "Today, 3:04 PM" for today's (on a busy day the
 * time tells requests apart), in the viewer's time zone (or `timeZone`, which tests set so the
 * answer does not depend on the machine's zone; `now` likewise), in the app's language (or
 * `i18n`'s: a component passes `useLingui().i18n`, so it renders again when the language changes).
 */
export function formatRequestDate(
  iso: string,
  timeZone?: string,
  now: Date = new Date(),
  i18n: I18n = appI18n,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const locale = intlLocaleOf(i18n.locale);
  const day = (d: Date) => d.toLocaleDateString("en-US", { ...DAY_KEY, timeZone });
  if (day(date) === day(now)) {
    const time = date.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit", timeZone });
    return i18n._("Today, {time}", { time });
  }
  return date.toLocaleDateString(locale, { month: "short", day: "numeric", year: "numeric", timeZone });
}
