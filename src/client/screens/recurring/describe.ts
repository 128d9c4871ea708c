import type { I18n } from "@lingui/core";
import { ENGLISH } from "#shared/i18n/english.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import type { RecurringSeries } from "#shared/schemas/recurring.ts";

/**
 * "Every week", "Every 2 weeks", "Monthly on the 31st (last day in shorter months)", in `i18n`'s
 * language (the screen passes the app's).
 */
export function frequencyWords(
  series: Pick<RecurringSeries, "frequency" | "startDate">,
  i18n: I18n = ENGLISH,
): string {
  if (series.frequency === "weekly") return i18n._("Every week");
  if (series.frequency === "biweekly") return i18n._("Every 2 weeks");
  const day = Number(series.startDate.slice(8, 10));
  return day >= 29
    ? i18n._(
        "Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} (last day in shorter months)",
        { day },
      )
    : i18n._("Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { day });
}

/** How the series ends: "Until Mar 31", "12 times (3 made)", or nothing for "until stopped". */
export function endWords(series: RecurringSeries, today: string, i18n: I18n = ENGLISH): string | null {
  if (series.endDate) {
    return i18n._("Until {date}", { date: shortDate(series.endDate, today, intlLocaleOf(i18n.locale)) });
  }
  if (series.count != null)
    return i18n._("{count} times ({made} made)", { count: series.count, made: series.madeCount });
  return null;
}

/** The line under the name: what comes next, or why nothing does. */
export function nextWords(series: RecurringSeries, today: string, i18n: I18n = ENGLISH): string {
  if (series.status === "ended") return i18n._("Ended · {made} made", { made: series.madeCount });
  if (!series.nextDate) return i18n._("No more dates");
  const next = shortDate(series.nextDate, today, intlLocaleOf(i18n.locale));
  if (series.status === "paused") {
    return i18n._("Paused · resuming skips missed dates; next would be {date}", { date: next });
  }
  return i18n._("Next {date} at 9:00", { date: next });
}
