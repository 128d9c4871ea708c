import type { I18n } from "@lingui/core";
import { ENGLISH } from "#shared/i18n/english.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { dueLabel, shortDate } from "#shared/schedule/due-date.ts";
import { occurrenceLabel, sendDateOf } from "#shared/schedule/recurrence.ts";
import type { Period, RecurringSeries } from "#shared/schemas/recurring.ts";

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
  if (series.sendDaysBefore !== null) {
    const sent = shortDate(
      sendDateOf(series.nextDate, series.sendDaysBefore),
      today,
      intlLocaleOf(i18n.locale),
    );
    return i18n._("Next due {date}, sent {sent} at 9:00", { date: next, sent });
  }
  return i18n._("Next {date} at 9:00", { date: next });
}

/**
 * One period of a series and where it stands: "December: paid", "November: says paid",
 * "October: Overdue 3 days", "September: $450.00 left", in `i18n`'s language.
 */
export function periodWords(
  period: Period,
  series: Pick<RecurringSeries, "frequency" | "amount" | "currency">,
  today: string,
  i18n: I18n = ENGLISH,
): string {
  const name = occurrenceLabel(series.frequency, period.occurrenceDate, intlLocaleOf(i18n.locale));
  if (period.status === "paid") return i18n._("{period}: paid", { period: name });
  if (period.status === "cancelled") return i18n._("{period}: cancelled", { period: name });
  if (period.claimed) return i18n._("{period}: says paid", { period: name });
  if (period.left !== series.amount)
    return i18n._("{period}: {left} left", {
      period: name,
      left: formatMoney(period.left, series.currency, intlLocaleOf(i18n.locale)),
    });
  if (period.dueDate) return `${name}: ${dueLabel(period.dueDate, today, i18n).text}`;
  return i18n._("{period}: not paid yet", { period: name });
}
