import type { I18n } from "@lingui/core";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { calledBy } from "#shared/person-name.ts";
import { amountLeft } from "#shared/schemas/payment.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { formatMoney } from "./money";

/**
 * Typographic punctuation a phone keyboard types by itself (’ on iPhone), in the plain form that
 * keeps a text in GSM-7: one such character would turn the whole text into UCS-2 (70 a segment).
 */
const TYPOGRAPHIC: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u02BC]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  // The no-break spaces of "12,50 €" and "1 250,00 €" (Intl's), which GSM-7 has not either.
  [/[\u00A0\u202F]/g, " "],
];

/** A whole text in GSM-7's punctuation: a translation's ’ and a formatted amount's spaces too. */
function plainPunctuation(text: string): string {
  return TYPOGRAPHIC.reduce((plain, [pattern, replacement]) => plain.replace(pattern, replacement), text);
}

/**
 * Android's AOSP Messaging decodes an `sms:` link, splits it on "&", then form-decodes the body:
 * a raw "&" cuts the text, "+" becomes a space and "%" throws. Words read as well and pass.
 */
const URI_UNSAFE: [RegExp, string][] = [
  [/\s*&\s*/g, " and "],
  [/(\d)\s*%/g, "$1 percent"],
  [/\s*%\s*/g, " percent "],
  [/\s*\+\s*/g, " plus "],
];

/** User text as it goes into a text message: plain punctuation, one line, no &, % or +. */
export function plainText(text: string): string {
  let plain = text;
  for (const [pattern, replacement] of [...TYPOGRAPHIC, ...URI_UNSAFE]) {
    plain = plain.replace(pattern, replacement);
  }
  return plain.replace(/\s+/g, " ").trim();
}

/** GSM 03.38 basic set: a message of only these fits 160 characters in one SMS segment. */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€";

/** Past this many segments phones turn a text into MMS, which many carriers mangle or drop. */
export const MAX_SEGMENTS = 3;

export type SmsSize = { encoding: "GSM-7" | "UCS-2"; units: number; segments: number };

/** How many segments a text takes, packing as phones do: no escape or surrogate pair split. */
export function smsSize(text: string): SmsSize {
  const chars = [...text];
  const gsm = chars.every((ch) => GSM_BASIC.includes(ch) || GSM_EXTENDED.includes(ch));
  // A GSM extension costs two septets; in UCS-2 a character outside the BMP is two code units.
  const widths = chars.map((ch) => (gsm ? (GSM_EXTENDED.includes(ch) ? 2 : 1) : ch.length));
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const units = widths.reduce((a, b) => a + b, 0);
  if (units <= single) return { encoding: gsm ? "GSM-7" : "UCS-2", units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > multi) {
      segments += 1;
      used = 0;
    }
    used += width;
  }
  return { encoding: gsm ? "GSM-7" : "UCS-2", units, segments };
}

export type SmsParts = {
  requesterName: string;
  recipientName: string;
  amount: string;
  /** ISO 4217 (absent: USD, "$25.00" as the spec writes it). */
  currency?: string;
  description: string | null;
  shortUrl: string;
};

/**
 * "Hi Sam", "Hi Dr. Patel" (a title keeps the word after it: "Hi Dr.," greeted nobody), and
 * words without a letter passed over, and plain "Hi" when none is left ("Hi 🎉," read as a mistake).
 */
function greeting(name: string, i18n: I18n): string {
  const called = calledBy(plainText(name));
  return called ? i18n._("Hi {name}", { name: called }) : i18n._("Hi");
}

/** "for Pizza!" — no second full stop after a description that ends a sentence itself. */
function oneFullStop(text: string, what: string | null): string {
  return what && /[.!?]$/.test(what) ? text.replace(`${what}.`, () => what) : text;
}

/** End offsets of words (or graphemes), by Intl.Segmenter where there is one (not in older Firefox). */
function ends(text: string, granularity: "word" | "grapheme"): number[] {
  if (typeof Intl.Segmenter !== "function") {
    const pattern = granularity === "word" ? /\S+/gu : /./gsu;
    return [...text.matchAll(pattern)].map((m) => m.index + m[0].length);
  }
  return [...new Intl.Segmenter(undefined, { granularity }).segment(text)]
    .filter((s) => granularity === "grapheme" || s.isWordLike)
    .map((s) => s.index + s.segment.length);
}

/** Places to cut a description, longest first: after a word, else inside the first word. */
function cutPoints(text: string): number[] {
  const words = ends(text, "word");
  const firstWordEnd = words[0] ?? text.length;
  const below = (list: number[], limit: number) => list.filter((end) => end < limit).reverse();
  return [...below(words, text.length), ...below(ends(text, "grapheme"), firstWordEnd)];
}

/**
 * The description as typed (in plain punctuation), shortened at a word boundary only when the
 * whole text would pass MAX_SEGMENTS, and never dropped.
 */
function withDescription(build: (what: string | null) => string, description: string | null): string {
  const what = description ? plainText(description) : "";
  if (!what) return build(null);
  const full = build(what);
  if (smsSize(full).segments <= MAX_SEGMENTS) return full;
  let shortest = full;
  for (const end of cutPoints(what)) {
    shortest = build(`${what.slice(0, end).trimEnd()}...`);
    if (smsSize(shortest).segments <= MAX_SEGMENTS) return shortest;
  }
  return shortest;
}

/**
 * The friendly text of a request (docs/decisions/005): who asks, how much, what for,
 * the link last and whole. Every piece of user text is in plain punctuation, so the text stays
 * in one GSM-7 segment where it can and survives every composer's `sms:` parser.
 */
export function composeSmsMessage(parts: SmsParts, i18n: I18n): string {
  return compose(parts, i18n, (values, what) =>
    what
      ? i18n._("{greeting}, {requester} is requesting {amount} for {description}. Pay here: {link}", values)
      : i18n._("{greeting}, {requester} is requesting {amount}. Pay here: {link}", values),
  );
}

/** A reminder for a request still pending, by the same rules. */
export function composeReminderMessage(parts: SmsParts, i18n: I18n): string {
  return compose(parts, i18n, (values, what) =>
    what
      ? i18n._(
          "{greeting}, a friendly reminder from {requester} about {amount} for {description}. Pay here: {link}",
          values,
        )
      : i18n._("{greeting}, a friendly reminder from {requester} about {amount}. Pay here: {link}", values),
  );
}

/**
 * "Request all": everything open with one person in one currency, in one text, by the same rules
 * ("Hi Sam, Robin is requesting $1,490.00 in all, for 3 requests. Pay here: …").
 */
export function composeBalanceMessage(
  parts: Omit<SmsParts, "description"> & { count: number },
  i18n: I18n,
): string {
  return compose({ ...parts, description: null }, i18n, (values) =>
    i18n._(
      "{greeting}, {requester} is requesting {amount} in all, for {count, plural, one {# request} other {# requests}}. Pay here: {link}",
      { ...values, count: parts.count },
    ),
  );
}

type SmsValues = { greeting: string; requester: string; amount: string; description: string; link: string };

/** A text in `i18n`'s language: its words, its way of writing the amount, GSM-7's punctuation. */
function compose(
  parts: SmsParts,
  i18n: I18n,
  words: (values: SmsValues, what: string | null) => string,
): string {
  const values = {
    greeting: greeting(parts.recipientName, i18n),
    requester: plainText(parts.requesterName),
    amount: formatMoney(parts.amount, parts.currency, intlLocaleOf(i18n.locale)),
    link: parts.shortUrl,
  };
  return withDescription(
    (what) => plainPunctuation(oneFullStop(words({ ...values, description: what ?? "" }, what), what)),
    parts.description,
  );
}

/**
 * The composer link: `sms:+1NUMBER?&body=…` opens the message app with number and text on both
 * iOS (which reads `&body`) and Android (which reads `?body`-style query after the `?`). A US
 * recipient is stored as 10 digits; any other in E.164 ("+4915123456789"), used as it is.
 */
export function smsLink(phone: string, body: string): string {
  const number = phone.startsWith("+") ? phone : `+1${phone}`;
  return `sms:${number}?&body=${encodeURIComponent(body)}`;
}

/**
 * The text for one request, as the server writes it: the request's own text ("request": on
 * creation, in a split, and Text again, word for word the same) or a reminder.
 */
export function smsFor(
  kind: "request" | "reminder",
  requesterName: string,
  request: Pick<PaymentRequest, "recipientName" | "amount" | "description" | "shortUrl"> &
    Partial<Pick<PaymentRequest, "currency" | "paidAmount">>,
  i18n: I18n,
): string {
  const parts = {
    requesterName,
    recipientName: request.recipientName,
    // Once part of it is paid, what is left (payments.ts).
    amount: amountLeft(request.amount, request.paidAmount, request.currency ?? HOME_CURRENCY),
    currency: request.currency,
    description: request.description,
    shortUrl: request.shortUrl,
  };
  return kind === "request" ? composeSmsMessage(parts, i18n) : composeReminderMessage(parts, i18n);
}
