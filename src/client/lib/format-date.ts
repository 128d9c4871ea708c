/**
 * A request's created date as "Jan 5, 2026", in the viewer's time zone (or `timeZone`, which
 * tests set so the answer does not depend on the machine's zone).
 */
export function formatRequestDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
}
