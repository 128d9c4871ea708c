const DAY_KEY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/**
 * A request's created date as "Jan 5, 2026", or "Today, 3:04 PM" for today's (on a busy day the
 * time tells requests apart), in the viewer's time zone (or `timeZone`, which tests set so the
 * answer does not depend on the machine's zone; `now` likewise).
 */
export function formatRequestDate(iso: string, timeZone?: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const day = (d: Date) => d.toLocaleDateString("en-US", { ...DAY_KEY, timeZone });
  if (day(date) === day(now)) {
    return `Today, ${date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone })}`;
  }
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
}
