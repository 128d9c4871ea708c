import type { I18n } from "@lingui/core";
import { appI18n } from "#client/lib/i18n.tsx";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** What the system share sheet gets (navigator.share): the link stays in `url`, never in `text`. */
export type ShareContent = { title: string; text: string; url: string };

/** Sharing without a phone: the title and line that go with a request's link, in `i18n`'s language. */
export function shareContent(
  request: Pick<PaymentRequest, "amount" | "description" | "shortUrl"> &
    Partial<Pick<PaymentRequest, "currency">>,
  i18n: I18n = appI18n,
): ShareContent {
  const what = request.description?.trim();
  const amount = formatMoney(request.amount, request.currency, intlLocaleOf(i18n.locale));
  return {
    title: i18n._("Payment request"),
    text: what
      ? i18n._("Here's my payment request for {amount} ({what}).", { amount, what })
      : i18n._("Here's my payment request for {amount}.", { amount }),
    url: request.shortUrl,
  };
}
