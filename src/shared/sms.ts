import { formatMoney } from "./money";

/** GSM 03.38 basic set: a message of only these fits 160 characters in one SMS segment. */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€";

/** Length in one segment's units and that segment's capacity (160 GSM-7, or 70 for Unicode). */
export function smsSegmentInfo(text: string): { units: number; capacity: number } {
  let units = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) units += 1;
    else if (GSM_EXTENDED.includes(ch)) units += 2;
    else return { units: [...text].length, capacity: 70 };
  }
  return { units, capacity: 160 };
}

export function fitsOneSegment(text: string): boolean {
  const { units, capacity } = smsSegmentInfo(text);
  return units <= capacity;
}

export type SmsParts = {
  requesterName: string;
  recipientName: string;
  amount: string;
  description: string | null;
  shortUrl: string;
};

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The friendly text of a request (DESIGN.md "The SMS message"): who asks, how much, what for,
 * the link. The description is shortened (then dropped) until the whole fits one segment;
 * the link is never cut.
 */
export function composeSmsMessage(parts: SmsParts): string {
  const build = (what: string | null) =>
    `Hi ${firstWord(parts.recipientName)}, ${parts.requesterName} is requesting ${formatMoney(parts.amount)}` +
    `${what ? ` for ${what}` : ""}. Pay here: ${parts.shortUrl}`;
  const description = parts.description?.trim() || null;
  if (!description) return build(null);
  if (fitsOneSegment(build(description))) return build(description);
  const chars = [...description];
  for (let keep = chars.length - 1; keep >= 8; keep--) {
    const candidate = build(`${chars.slice(0, keep).join("").trimEnd()}...`);
    if (fitsOneSegment(candidate)) return candidate;
  }
  return build(null);
}

/** A reminder for a request still pending (issue 5 "Remind"). */
export function composeReminderMessage(parts: Omit<SmsParts, "description">): string {
  return `Hi ${firstWord(parts.recipientName)}, a friendly reminder from ${parts.requesterName} about ${formatMoney(parts.amount)}. Pay here: ${parts.shortUrl}`;
}

/**
 * The composer link: `sms:+1NUMBER?&body=…` opens the message app with number and text on both
 * iOS (which reads `&body`) and Android (which reads `?body`-style query after the `?`).
 */
export function smsLink(phoneDigits: string, body: string): string {
  return `sms:+1${phoneDigits}?&body=${encodeURIComponent(body)}`;
}
