import { shortDate } from "#shared/schedule/due-date.ts";

/** What one occurrence asks for, as its notification says it (its email: reminders-mail.ts). */
export type Occurrence = {
  recipientName: string;
  description: string | null;
  frequency: "weekly" | "biweekly" | "monthly";
  occurrenceDate: string;
};

const MONTH = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long" });

/** "December" for a monthly series, "Mon, Dec 7" for a weekly one: which occurrence this is. */
export function occurrenceLabel(frequency: Occurrence["frequency"], date: string): string {
  if (frequency === "monthly") return MONTH.format(new Date(`${date}T12:00:00Z`));
  return shortDate(date, date);
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The requester's notification: "Rent for December is ready — Text Sam". */
export function readyNotice(
  o: Pick<Occurrence, "description" | "frequency" | "occurrenceDate" | "recipientName">,
) {
  const title = `${o.description ?? "Your request"} for ${occurrenceLabel(o.frequency, o.occurrenceDate)} is ready`;
  return { title, body: `${title} — Text ${firstName(o.recipientName)}` };
}
