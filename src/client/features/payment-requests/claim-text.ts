import { claimViaLabel } from "#shared/schemas/claim.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** "just now", "2 min ago", "3 h ago", "4 days ago": how long since the payer said so. */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** "Sam says paid with Venmo · 2 min ago", or null when the payer has not said so. */
export function claimText(
  request: Pick<PaymentRequest, "recipientName" | "claimedPaidAt" | "claimedVia">,
  now: number,
): string | null {
  if (!request.claimedPaidAt || !request.claimedVia) return null;
  return `${request.recipientName} says paid with ${claimViaLabel(request.claimedVia)} · ${timeAgo(request.claimedPaidAt, now)}`;
}
