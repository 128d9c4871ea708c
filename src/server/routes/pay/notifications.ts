import type { Notification } from "#server/notifications/notify.ts";
import { formatMoney } from "#shared/money.ts";
import { type ClaimVia, claimViaLabel } from "#shared/schemas/claim.ts";
import type { NotifiedRequest } from "./queries";

/** The payer's name as the requester typed it, short enough for a notification's first line. */
const who = (name: string) => name.trim().slice(0, 40) || "Someone";

/** "Alex opened your request for $25.00" (docs/decisions/024-chasing.md), once per request. */
export function viewNotification(request: NotifiedRequest): Notification {
  const text = `${who(request.recipientName)} opened your request for ${formatMoney(request.amount, request.currency)}`;
  return {
    userId: request.userId,
    event: "view",
    key: `view:${request.id}`,
    title: text,
    body: `${text}.`,
    url: `/?request=${request.id}`,
  };
}

/** "Alex says they paid $25.00 with Venmo", once per request (the first claim is the one kept). */
export function claimNotification(
  request: NotifiedRequest & { via: ClaimVia },
  corrected = false,
): Notification {
  const app = request.via === "other" ? "" : ` with ${claimViaLabel(request.via)}`;
  const says = corrected ? "now says they paid" : "says they paid";
  const text = `${who(request.recipientName)} ${says} ${formatMoney(request.amount, request.currency)}${app}`;
  return {
    userId: request.userId,
    event: "claim",
    // A correction is told once per app named (keys are exactly-once).
    key: corrected ? `claim:${request.id}:${request.via}` : `claim:${request.id}`,
    title: text,
    body: `${text}. Check your ${request.via === "other" ? "account" : claimViaLabel(request.via)} and mark the request paid in Collect.`,
    url: `/?request=${request.id}`,
  };
}
