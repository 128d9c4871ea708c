import type { I18n } from "@lingui/core";
import { users } from "#server/db/schema.ts";
import { displayNameSql, shortUrlFor } from "#server/db/shared-queries.ts";
import { type SigningSecret, sign, verify } from "#server/lib/signed-token.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { escapeHtml } from "#server/mail/messages.ts";
import { suppressionToken } from "#server/mail/suppression.ts";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { directionOf, intlLocaleOf, type Locale, localeOr } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { longDate } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { looksLikeAService } from "#shared/schemas/impersonation.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";
import { amountLeft } from "#shared/schemas/payment.ts";

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
  /** A recurring occurrence's "It repeats every month." */
  repeats?: string;
  /** The payer's language: their contact's when the request was made, else the requester's. */
  language: Locale;
  /**
   * A reminder about several requests at once (the same person's reminders due together): each
   * one's note, what is left and due date; `amount` is their total and `payUrl` the person's
   * "Request all" link.
   */
  items?: PayerMailItem[];
  /**
   * Whether the items are everything open with this person in this currency: then `payUrl` is
   * their "Request all" page, one link for the total; otherwise each item links to its own page.
   */
  payAll?: boolean;
};

export type PayerMailItem = {
  description: string | null;
  amount: string;
  dueDate: string | null;
  /** The item's own pay page. */
  payUrl: string;
};

export type PayerMailKind = "request" | "reminder" | "occurrence" | "receipt" | "correction";

/** The one-click links of a payer email. */
export type PayerMailLinks = { stopRequest: string | null; stopRequester: string; stopAll: string };

/** The requester's columns every payer email reads (joined from `user`). */
export const payerMailRequesterColumns = {
  name: displayNameSql,
  email: users.email,
  timeZone: users.timeZone,
  language: users.language,
};

export function payerMailFacts(
  requester: { name: string; email: string; timeZone: string | null; language: string | null },
  request: {
    language: string | null;
    payerEmail: string | null;
    recipientName: string;
    amount: string;
    /** Part payments so far: a pending request's emails ask for what is left. */
    paidAmount?: string;
    status?: string;
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
    amount:
      request.status === "pending"
        ? amountLeft(request.amount, request.paidAmount, request.currency ?? HOME_CURRENCY)
        : request.amount,
    currency: request.currency,
    description: request.description,
    dueDate: request.dueDate,
    payUrl: shortUrlFor(publicUrl, request.code),
    today: localDate(now, requester.timeZone ?? DEFAULT_TIME_ZONE),
    language: localeOr(request.language, requester.language),
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
export function mailName(displayName: string, i18n: I18n): string {
  const parts = displayName
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\s-]/gu, " ")
    .split(/\s+/)
    .map((part) => part.replace(/^-+|-+$/g, ""))
    .filter(Boolean);
  const first = parts[0]?.slice(0, 40);
  if (!first || looksLikeAService(displayName) || looksLikeAService(parts.join(" ")))
    return i18n._("A Collect user");
  const last = parts.length > 1 ? parts.at(-1) : undefined;
  const initial = last ? [...last][0]?.toUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}

function content(kind: PayerMailKind, facts: PayerMailFacts, who: string, i18n: I18n) {
  const locale = intlLocaleOf(facts.language);
  const money = formatMoney(facts.amount, facts.currency, locale);
  // A reminder after the due day says it is late: "It was due Friday, December 4.", not "is".
  const dueDate = facts.dueDate ? longDate(facts.dueDate, facts.today, locale) : null;
  const due = !facts.dueDate
    ? null
    : facts.dueDate < facts.today
      ? i18n._("It was due {date}.", { date: dueDate })
      : i18n._("It is due {date}.", { date: dueDate });
  const note = facts.description ? i18n._("Their note: “{note}”", { note: facts.description }) : null;
  const values = { who, money, occurrence: facts.occurrence ?? "" };
  const pay = { label: i18n._("Pay {money}", values), url: facts.payUrl };
  const see = { label: i18n._("See the request"), url: facts.payUrl };
  switch (kind) {
    case "request":
      return {
        subject: i18n._("{who} asks you for {money}", values),
        lines: [i18n._("{who} asks you for {money}.", values), note, due],
        links: [pay],
      };
    case "reminder":
      if (facts.items && facts.items.length > 1) return together(facts, facts.items, who, i18n);
      return {
        subject: i18n._("Reminder: {who} asks you for {money}", values),
        lines: [i18n._("A friendly reminder: {who} asks you for {money}.", values), note, due],
        links: [pay],
      };
    case "occurrence":
      return {
        subject: i18n._("{who} asks you for {money} ({occurrence})", values),
        lines: [
          i18n._("{who} asks you for {money} ({occurrence}).", values),
          note,
          due,
          facts.repeats ?? null,
        ],
        links: [pay],
      };
    case "receipt":
      return {
        subject: i18n._("Receipt: {money} to {who}", values),
        lines: [i18n._("{who} marked your payment of {money} as received. Thank you!", values), note],
        links: [see],
      };
    case "correction":
      return {
        subject: i18n._("Correction: {who} has not received {money} yet", values),
        lines: [
          i18n._(
            "{who} marked your payment of {money} as not received after all, so the receipt we sent earlier no longer stands.",
            values,
          ),
          note,
          i18n._("If you have paid, reply to this email to sort it out with them."),
        ],
        links: [see],
      };
  }
}

/** How many of a combined reminder's requests it lists (the total counts them all). */
const ITEMS_LISTED = 20;

/**
 * One reminder about several requests: their total first, then each with what is left of it and
 * when it is (or was) due, and one link to pay them all.
 */
function together(facts: PayerMailFacts, items: PayerMailItem[], who: string, i18n: I18n) {
  const locale = intlLocaleOf(facts.language);
  const money = formatMoney(facts.amount, facts.currency, locale);
  const values = { who, money, count: items.length };
  // The requester's words only ever quoted (see the top of this file).
  const whatOf = (item: PayerMailItem) =>
    item.description ? i18n._("“{note}”", { note: item.description }) : i18n._("Payment request");
  const line = (item: PayerMailItem) => {
    const part = {
      what: whatOf(item),
      money: formatMoney(item.amount, facts.currency, locale),
      date: item.dueDate ? longDate(item.dueDate, facts.today, locale) : "",
    };
    if (!item.dueDate) return i18n._("{what}: {money}", part);
    return item.dueDate < facts.today
      ? i18n._("{what}: {money}, was due {date}", part)
      : i18n._("{what}: {money}, due {date}", part);
  };
  return {
    subject: i18n._("Reminder: {who} asks you for {money} in all", values),
    lines: [
      i18n._(
        "A friendly reminder: {who} asks you for {money} in all, for {count, plural, one {# request} other {# requests}}:",
        values,
      ),
      ...items.slice(0, ITEMS_LISTED).map(line),
      ...(items.length > ITEMS_LISTED
        ? [i18n._("and {count} more", { count: items.length - ITEMS_LISTED })]
        : []),
    ],
    // One link for the total where it is all that is open with them; else one per request.
    links: facts.payAll
      ? [{ label: i18n._("Pay {money}", values), url: facts.payUrl }]
      : items.slice(0, ITEMS_LISTED).map((item) => ({
          label: item.description
            ? i18n._("Pay {what}", { what: whatOf(item) })
            : i18n._("Pay {money}", { money: formatMoney(item.amount, facts.currency, locale) }),
          url: item.payUrl,
        })),
  };
}

/** One email to the payer, every word in their language (`facts.language`). */
export function payerMail(kind: PayerMailKind, facts: PayerMailFacts, links: PayerMailLinks): Mail {
  const i18n = i18nFor(facts.language);
  const who = mailName(facts.requesterName, i18n);
  const { subject, lines: body, links: actions } = content(kind, facts, who, i18n);
  const lines = [i18n._("Hi {name},", { name: facts.recipientName }), ...body].filter(
    (line): line is string => line !== null,
  );
  const host = new URL(facts.payUrl).host;
  const footer = [
    i18n._(
      "{name} ({email}) sent this through Collect at {host}. You get it because they entered your email address when they asked you for money. Replies go to them.",
      { name: facts.requesterName, email: facts.requesterEmail, host },
    ),
    i18n._("Collect never asks for passwords or card numbers."),
  ];
  const stops = [
    ...(links.stopRequest && (kind === "request" || kind === "reminder" || kind === "occurrence")
      ? [{ label: i18n._("Stop reminders for this request"), url: links.stopRequest }]
      : []),
    { label: i18n._("No more emails from {who}", { who }), url: links.stopRequester },
    { label: i18n._("No emails from Collect at all"), url: links.stopAll },
  ];
  const text = [
    ...lines,
    ...actions.map((link) => `${link.label}: ${link.url}`),
    "—",
    ...footer,
    ...stops.map((stop) => `${stop.label}: ${stop.url}`),
  ].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const a = (stop: { label: string; url: string }) =>
    `<a href="${escapeHtml(stop.url)}" style="color:#334155">${escapeHtml(stop.label)}</a>`;
  const html = [
    `<div lang="${facts.language}" dir="${directionOf(facts.language)}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...lines.map(p),
    ...actions.map(
      (link) =>
        `<p><a href="${escapeHtml(link.url)}" style="color:#047857;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    ),
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
    fromName: i18n._("{who} via Collect", { who }),
    // RFC 8058: a mail client's own "unsubscribe" is "no more from this requester", in one POST.
    headers: {
      "List-Unsubscribe": `<${links.stopRequester}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
