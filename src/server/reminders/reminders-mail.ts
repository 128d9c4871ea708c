import { users } from "#server/db/schema.ts";
import { displayNameSql, shortUrlFor } from "#server/db/shared-queries.ts";
import { type SigningSecret, sign, verify } from "#server/lib/signed-token.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import { suppressionToken } from "#server/mail/suppression.ts";
import { formatMoney } from "#shared/money.ts";
import { longDate } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { looksLikeAService } from "#shared/schemas/impersonation.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";

/**
 * The emails Collect sends the payer itself: the request, a reminder, a recurring occurrence, a
 * receipt and a receipt's correction. Collect writes the subject and every line; the requester's
 * words (their note) only ever appear quoted in the body. They come from MAIL_FROM's address as
 * "Maria L. via Collect", a reply goes to the requester's confirmed address, and the footer says
 * who sent it, why the payer gets it, and how to stop it: this request's reminders, this
 * requester, or all of Collect (one click each, RFC 8058 for the mail client's own button).
 */
export type PayerMailFacts = {
  /** The requester's display name, as they set it (the footer, escaped). */
  requesterName: string;
  /** Their confirmed address: Reply-To, and named in the footer. */
  requesterEmail: string;
  payerEmail: string;
  recipientName: string;
  amount: string;
  /** ISO 4217 of the amount (absent: USD). */
  currency?: string;
  description: string | null;
  dueDate: string | null;
  payUrl: string;
  /** The requester's today, for how the due date is written (the year only when it differs). */
  today: string;
  /** A recurring occurrence's label ("December", "Mon, Dec 7"). */
  occurrence?: string;
};

export type PayerMailKind = "request" | "reminder" | "occurrence" | "receipt" | "correction";

/** The one-click links of a payer email. */
export type PayerMailLinks = { stopRequest: string | null; stopRequester: string; stopAll: string };

/** The requester's columns every payer email reads (joined from `user`). */
export const payerMailRequesterColumns = {
  name: displayNameSql,
  email: users.email,
  timeZone: users.timeZone,
};

export function payerMailFacts(
  requester: { name: string; email: string; timeZone: string | null },
  request: {
    payerEmail: string | null;
    recipientName: string;
    amount: string;
    currency?: string;
    description: string | null;
    dueDate: string | null;
    code: string;
  },
  publicUrl: string,
  now: Date,
): PayerMailFacts {
  return {
    requesterName: requester.name,
    requesterEmail: requester.email,
    payerEmail: request.payerEmail ?? "",
    recipientName: request.recipientName,
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    dueDate: request.dueDate,
    payUrl: shortUrlFor(publicUrl, request.code),
    today: localDate(now, requester.timeZone ?? DEFAULT_TIME_ZONE),
  };
}

/** The stop links of one request's emails: its reminders (while it has any), its requester, all of Collect. */
export function linksFor(
  publicUrl: string,
  secret: SigningSecret,
  request: { id: string; userId: string; payerEmail: string | null; seriesId?: string | null },
  { reminders = true }: { reminders?: boolean } = {},
): PayerMailLinks {
  const to = request.payerEmail ?? "";
  return {
    stopRequest: reminders ? stopUrlFor(publicUrl, request.id, secret) : null,
    stopRequester: mailStopUrl(publicUrl, suppressionToken(secret, { requesterId: request.userId }, to)),
    stopAll: mailStopUrl(publicUrl, suppressionToken(secret, "all", to)),
  };
}

export const mailStopUrl = (publicUrl: string, token: string) => `${publicUrl}/api/mail/stop/${token}`;

/** The signed one-click link of "Stop reminders for this request": `<requestId>.<mac>` (lib/signed-token.ts). */
export function stopToken(requestId: string, secret: SigningSecret): string {
  return sign(secret, "stop-reminders", requestId);
}

/** The request id a stop token names, or null when its signature does not hold. */
export function readStopToken(token: string, secret: SigningSecret): string | null {
  const requestId = verify(secret, "stop-reminders", token);
  return requestId && !requestId.includes(".") ? requestId : null;
}

export function stopUrlFor(publicUrl: string, requestId: string, secret: SigningSecret): string {
  return `${publicUrl}/api/payment-requests/stop-reminders/${stopToken(requestId, secret)}`;
}

/**
 * The requester's name as a payer email shows it: first name and last initial ("Maria L."), in
 * letters, spaces and hyphens only, so no name can carry an address, a link or a brand's voice;
 * a name that passes for a payment service (shared/schemas/impersonation.ts) is not shown at all.
 */
export function mailName(displayName: string): string {
  const parts = displayName
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\s-]/gu, " ")
    .split(/\s+/)
    .map((part) => part.replace(/^-+|-+$/g, ""))
    .filter(Boolean);
  const first = parts[0]?.slice(0, 40);
  if (!first || looksLikeAService(displayName) || looksLikeAService(parts.join(" "))) return "A Collect user";
  const last = parts.length > 1 ? parts.at(-1) : undefined;
  const initial = last ? [...last][0]?.toUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}

function content(kind: PayerMailKind, facts: PayerMailFacts, who: string) {
  const money = formatMoney(facts.amount, facts.currency);
  const due = facts.dueDate ? `It is due ${longDate(facts.dueDate, facts.today)}.` : null;
  const note = facts.description ? `Their note: “${facts.description}”` : null;
  const pay = { label: `Pay ${money}`, url: facts.payUrl };
  switch (kind) {
    case "request":
      return {
        subject: `${who} asks you for ${money}`,
        lines: [`${who} asks you for ${money}.`, note, due],
        link: pay,
      };
    case "reminder":
      return {
        subject: `Reminder: ${who} asks you for ${money}`,
        lines: [`A friendly reminder: ${who} asks you for ${money}.`, note, due],
        link: pay,
      };
    case "occurrence":
      return {
        subject: `${who} asks you for ${money} (${facts.occurrence})`,
        lines: [`${who} asks you for ${money} (${facts.occurrence}).`, note, due],
        link: pay,
      };
    case "receipt":
      return {
        subject: `Receipt: ${money} to ${who}`,
        lines: [`${who} marked your payment of ${money} as received. Thank you!`, note],
        link: { label: "See the request", url: facts.payUrl },
      };
    case "correction":
      return {
        subject: `Correction: ${who} has not received ${money} yet`,
        lines: [
          `${who} marked your payment of ${money} as not received after all, so the receipt we sent earlier no longer stands.`,
          note,
          "If you have paid, reply to this email to sort it out with them.",
        ],
        link: { label: "See the request", url: facts.payUrl },
      };
  }
}

export function payerMail(kind: PayerMailKind, facts: PayerMailFacts, links: PayerMailLinks): Mail {
  const who = mailName(facts.requesterName);
  const { subject, lines: body, link } = content(kind, facts, who);
  const lines = [`Hi ${facts.recipientName},`, ...body].filter((line): line is string => line !== null);
  const host = new URL(facts.payUrl).host;
  const footer = [
    `${facts.requesterName} (${facts.requesterEmail}) sent this through Collect at ${host}. You get it because they entered your email address when they asked you for money. Replies go to them.`,
    "Collect never asks for passwords or card numbers.",
  ];
  const stops = [
    ...(links.stopRequest && (kind === "request" || kind === "reminder" || kind === "occurrence")
      ? [{ label: "Stop reminders for this request", url: links.stopRequest }]
      : []),
    { label: `No more emails from ${who}`, url: links.stopRequester },
    { label: "No emails from Collect at all", url: links.stopAll },
  ];
  const text = [
    ...lines,
    `${link.label}: ${link.url}`,
    "—",
    ...footer,
    ...stops.map((stop) => `${stop.label}: ${stop.url}`),
  ].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const a = (stop: { label: string; url: string }) =>
    `<a href="${escapeHtml(stop.url)}" style="color:#334155">${escapeHtml(stop.label)}</a>`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...lines.map(p),
    `<p><a href="${escapeHtml(link.url)}" style="color:#047857;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    `<div style="border-top:1px solid #e2e8f0;margin-top:24px;padding-top:12px;color:#64748b;font-size:13px">`,
    ...footer.map(p),
    `<p>${stops.map(a).join(" · ")}</p>`,
    `</div></div>`,
  ].join("\n");
  return {
    to: facts.payerEmail,
    subject,
    text,
    html,
    replyTo: facts.requesterEmail,
    fromName: `${who} via Collect`,
    // RFC 8058: a mail client's own "unsubscribe" is "no more from this requester", in one POST.
    headers: {
      "List-Unsubscribe": `<${links.stopRequester}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
