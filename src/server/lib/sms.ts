import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { composeReminderMessage, composeSmsMessage } from "#shared/sms.ts";

/**
 * The one place the server assembles a text message: the request's own text ("request": on
 * creation, in a split, and Text again, word for word the same) or a reminder.
 */
export function smsFor(
  kind: "request" | "reminder",
  requesterName: string,
  request: Pick<PaymentRequest, "recipientName" | "amount" | "description" | "shortUrl">,
): string {
  const parts = {
    requesterName,
    recipientName: request.recipientName,
    amount: request.amount,
    description: request.description,
    shortUrl: request.shortUrl,
  };
  return kind === "request" ? composeSmsMessage(parts) : composeReminderMessage(parts);
}
