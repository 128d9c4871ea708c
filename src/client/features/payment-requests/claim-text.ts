import type { I18n } from "@lingui/core";
import { appI18n } from "#client/lib/i18n.tsx";
import { claimViaLabel } from "#shared/schemas/claim.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** "just now", "2 min ago", "3 h ago", "4 days ago": how long since the payer said so. */
export function timeAgo(iso: string, now: number, i18n: I18n = appI18n): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return i18n._("just now");
  if (minutes < 60) return i18n._("{minutes, plural, other {# min ago}}", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return i18n._("{hours, plural, other {# h ago}}", { hours });
  const days = Math.floor(hours / 24);
  return i18n._("{days, plural, one {# day ago} other {# days ago}}", { days });
}

/** "Sam says paid with Venmo · 2 min ago", or null when the payer has not said so. */
export function claimText(
  request: Pick<PaymentRequest, "recipientName" | "claimedPaidAt" | "claimedVia">,
  now: number,
  i18n: I18n = appI18n,
): string | null {
  if (!request.claimedPaidAt || !request.claimedVia) return null;
  return i18n._("{name} says paid with {app} · {ago}", {
    name: request.recipientName,
    app: i18n._(claimViaLabel(request.claimedVia)),
    ago: timeAgo(request.claimedPaidAt, now, i18n),
  });
}
