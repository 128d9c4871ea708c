import { shortDate } from "#shared/schedule/due-date.ts";
import type { RecurringSeries } from "#shared/schemas/recurring.ts";

/** "Every week", "Every 2 weeks", "Monthly on the 31st (last day in shorter months)". */
export function frequencyWords(series: Pick<RecurringSeries, "frequency" | "startDate">): string {
  if (series.frequency === "weekly") return "Every week";
  if (series.frequency === "biweekly") return "Every 2 weeks";
  const day = Number(series.startDate.slice(8, 10));
  const words = `Monthly on the ${ordinalOf(day)}`;
  return day >= 29 ? `${words} (last day in shorter months)` : words;
}

function ordinalOf(day: number): string {
  const last = day % 10;
  const suffix =
    day >= 11 && day <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${day}${suffix}`;
}

/** How the series ends: "Until Mar 31", "12 times (3 made)", or nothing for "until stopped". */
export function endWords(series: RecurringSeries, today: string): string | null {
  if (series.endDate) return `Until ${shortDate(series.endDate, today)}`;
  if (series.count != null) return `${series.count} times (${series.madeCount} made)`;
  return null;
}

/** The line under the name: what comes next, or why nothing does. */
export function nextWords(series: RecurringSeries, today: string): string {
  if (series.status === "ended") return `Ended · ${series.madeCount} made`;
  if (!series.nextDate) return "No more dates";
  const next = shortDate(series.nextDate, today);
  if (series.status === "paused") return `Paused · resuming skips missed dates; next would be ${next}`;
  return `Next ${next} at 9:00`;
}
