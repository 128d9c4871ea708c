import { formatMoney } from "#shared/money.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** What the system share sheet gets (navigator.share): the link stays in `url`, never in `text`. */
export type ShareContent = { title: string; text: string; url: string };

/** Sharing without a phone: the title and line that go with a request's link. */
export function shareContent(
  request: Pick<PaymentRequest, "amount" | "description" | "shortUrl"> &
    Partial<Pick<PaymentRequest, "currency">>,
): ShareContent {
  const what = request.description?.trim();
  return {
    title: "Payment request",
    text: `Here's my payment request for ${formatMoney(request.amount, request.currency)}${what ? ` (${what})` : ""}.`,
    url: request.shortUrl,
  };
}
