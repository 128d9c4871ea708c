import type { I18n } from "@lingui/core";
import { appI18n } from "#client/lib/i18n.tsx";
import { parseMinor } from "#shared/currency.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { claimViaLabel } from "#shared/schemas/claim.ts";
import { amountLeft } from "#shared/schemas/payment.ts";
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

type ClaimFields = Pick<
  PaymentRequest,
  "recipientName" | "claimedPaidAt" | "claimedVia" | "claimedAmount" | "amount" | "paidAmount" | "currency"
>;

/**
 * What the payer says they paid, when it is part of what is left ("I paid $1,000 of the
 * $1,450"); null when they say they paid it all, or said nothing.
 */
export function claimedPart(request: Omit<ClaimFields, "recipientName" | "claimedVia">): string | null {
  const { claimedPaidAt, claimedAmount, currency } = request;
  if (!claimedPaidAt || !claimedAmount) return null;
  const left = amountLeft(request.amount, request.paidAmount, currency);
  return (parseMinor(claimedAmount, currency) ?? 0) < (parseMinor(left, currency) ?? 0)
    ? claimedAmount
    : null;
}

/**
 * "Sam says paid with Venmo · 2 min ago"; "Sam says paid $1,000.00 with Venmo · 2 min ago" when
 * they paid part of what is left; null when the payer has not said so.
 */
export function claimText(request: ClaimFields, now: number, i18n: I18n = appI18n): string | null {
  if (!request.claimedPaidAt || !request.claimedVia) return null;
  const values = {
    name: request.recipientName,
    app: i18n._(claimViaLabel(request.claimedVia)),
    ago: timeAgo(request.claimedPaidAt, now, i18n),
  };
  const part = claimedPart(request);
  return part
    ? i18n._("{name} says paid {amount} with {app} · {ago}", {
        ...values,
        amount: formatMoney(part, request.currency, intlLocaleOf(i18n.locale)),
      })
    : i18n._("{name} says paid with {app} · {ago}", values);
}
