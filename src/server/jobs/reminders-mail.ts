import { createHmac, timingSafeEqual } from "node:crypto";
import type { Mail } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import { formatMoney } from "#shared/money.ts";
import { longDate } from "#shared/schedule/due-date.ts";

/**
 * The emails Collect sends the payer itself (issue 22 items 3 and 4): the request, a reminder with
 * a one-click stop, and a receipt. They come from MAIL_FROM's address under the requester's name,
 * and a reply goes to the requester.
 */

export type PayerMailFacts = {
  requestId: string;
  requesterName: string;
  requesterEmail: string;
  payerEmail: string;
  recipientName: string;
  amount: string;
  description: string | null;
  dueDate: string | null;
  payUrl: string;
  /** The requester's today, for how the due date is written (the year only when it differs). */
  today: string;
};

export type PayerMailKind = "request" | "reminder" | "receipt";

/** The signed one-click link of "Stop reminders for this request": `<requestId>.<hmac>`. */
export function stopToken(requestId: string, secret: string): string {
  return `${requestId}.${signature(requestId, secret)}`;
}

/** The request id a stop token names, or null when its signature does not hold. */
export function readStopToken(token: string, secret: string): string | null {
  const [requestId, given] = token.split(".");
  if (!requestId || !given || token.split(".").length !== 2) return null;
  const expected = Buffer.from(signature(requestId, secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? requestId : null;
}

function signature(requestId: string, secret: string): string {
  return createHmac("sha256", secret).update(`stop-reminders:${requestId}`).digest("base64url").slice(0, 32);
}

export function stopUrlFor(publicUrl: string, requestId: string, secret: string): string {
  return `${publicUrl}/api/payment-requests/stop-reminders/${stopToken(requestId, secret)}`;
}

function what(facts: PayerMailFacts): string {
  const money = formatMoney(facts.amount);
  return facts.description ? `${money} for ${facts.description}` : money;
}

export function payerMail(kind: PayerMailKind, facts: PayerMailFacts, stopUrl: string): Mail {
  const who = facts.requesterName;
  const due = facts.dueDate ? `It is due ${longDate(facts.dueDate, facts.today)}.` : null;
  const greeting = `Hi ${facts.recipientName},`;
  const content = {
    request: {
      subject: `${who} asks you for ${formatMoney(facts.amount)}`,
      lines: [greeting, `${who} asks you for ${what(facts)}.`, due],
      link: { label: "Pay here", url: facts.payUrl },
      after: [] as string[],
    },
    reminder: {
      subject: `Reminder: ${who} asks you for ${formatMoney(facts.amount)}`,
      lines: [greeting, `A friendly reminder: ${who} asks you for ${what(facts)}.`, due],
      link: { label: "Pay here", url: facts.payUrl },
      after: [`Stop reminders for this request: ${stopUrl}`],
    },
    receipt: {
      subject: `Receipt: ${formatMoney(facts.amount)} to ${who}`,
      lines: [greeting, `${who} marked your payment of ${what(facts)} as received. Thank you!`],
      link: { label: "See the request", url: facts.payUrl },
      after: [] as string[],
    },
  }[kind];
  const lines = content.lines.filter((line) => line !== null) as string[];
  const text = [
    ...lines,
    `${content.link.label}: ${content.link.url}`,
    ...content.after,
    "— Sent by Collect",
  ].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...lines.map(p),
    `<p><a href="${escapeHtml(content.link.url)}" style="color:#047857;font-weight:600">${escapeHtml(content.link.label)}</a></p>`,
    ...(kind === "reminder"
      ? [`<p><a href="${escapeHtml(stopUrl)}" style="color:#334155">Stop reminders for this request</a></p>`]
      : []),
    `<p style="color:#64748b">— Sent by Collect</p></div>`,
  ].join("\n");
  return {
    to: facts.payerEmail,
    subject: content.subject,
    text,
    html,
    replyTo: facts.requesterEmail,
    fromName: who,
    ...(kind === "reminder"
      ? {
          // RFC 8058: a mail client's own "unsubscribe" stops this request's reminders in one POST.
          headers: {
            "List-Unsubscribe": `<${stopUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}
