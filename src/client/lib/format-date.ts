/** A request's created date as "Jan 5, 2026", in the viewer's time zone (spec §2 Home, Archive). */
export function formatRequestDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
