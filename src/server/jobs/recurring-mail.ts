import type { Mail } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import { formatMoney } from "#shared/money.ts";
import { shortDate } from "#shared/schedule/due-date.ts";

/** What one occurrence asks for, as its email and its notification say it. */
export type Occurrence = {
  requesterName: string;
  requesterEmail: string;
  recipientName: string;
  amount: string;
  description: string | null;
  frequency: "weekly" | "biweekly" | "monthly";
  occurrenceDate: string;
  payUrl: string;
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

/**
 * The payer's email: who asks, how much, what for, and the pay link. From Collect's address with
 * the requester's name shown, and Reply-To the requester, so an answer reaches a person.
 */
export function occurrenceMail(to: string, o: Occurrence): Mail {
  const money = formatMoney(o.amount);
  const what = o.description ? ` for ${o.description}` : "";
  const label = occurrenceLabel(o.frequency, o.occurrenceDate);
  const subject = `${o.requesterName} requests ${money}${what} (${label})`;
  const lines = [
    `Hi ${firstName(o.recipientName)},`,
    `${o.requesterName} requests ${money}${what} (${label}).`,
    "Pay with the app you already use; the link shows how.",
  ];
  const after = [`Questions? Reply to this email to reach ${o.requesterName}.`];
  const text = [...lines, `Pay ${money}: ${o.payUrl}`, ...after, "— Sent with Collect"].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...lines.map(p),
    `<p><a href="${escapeHtml(o.payUrl)}" style="color:#047857;font-weight:600">Pay ${escapeHtml(money)}</a></p>`,
    ...after.map(p),
    `<p style="color:#64748b">— Sent with Collect</p></div>`,
  ].join("\n");
  return { to, subject, text, html, replyTo: o.requesterEmail, fromName: o.requesterName };
}
