import { createHash } from "node:crypto";
import { domainToASCII } from "node:url";

/** Mail systems that ignore dots in the local part (and take googlemail.com for gmail.com). */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The mailbox an address reaches, as one key: what every mail allowance and suppression is
 * counted and kept under (mail/policy.ts). Lower case; a `+tag` dropped; dots ignored where the
 * provider ignores them (Gmail); an internationalised domain in its ASCII (punycode) form. So
 * `Victim+7@Example.com` and `victim@example.com` are one recipient, and no spelling of one
 * mailbox gets a fresh allowance.
 */
export function recipientKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at);
  const domainPart = trimmed.slice(at + 1).replace(/\.$/, "");
  const domain = domainToASCII(domainPart) || domainPart;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) return `${local.replaceAll(".", "")}@${dotless}`;
  return `${local}@${domain}`;
}

/**
 * What Collect keeps of a recipient it must remember (a suppression): a SHA-256 of its key, so
 * the table that says "never mail this mailbox" is not itself a list of addresses.
 */
export function recipientHash(address: string): string {
  // 132 bits: no two mailboxes share one, and short enough for a one-click link's path.
  return createHash("sha256")
    .update(`collect-recipient\0${recipientKey(address)}`)
    .digest("base64url")
    .slice(0, 22);
}
