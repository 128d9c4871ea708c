import { NO_REMINDERS, type PaymentRequest } from "#shared/schemas/payment-request.ts";

/** A pending $25.00 request to Alex Kim for Lunch, as the API returns it, with `patch` over it. */
export const aPaymentRequest = (patch: Partial<PaymentRequest> = {}): PaymentRequest => ({
  id: "7b1f4f6e-2f55-4a8e-9d55-0a4f3c2b1a00",
  amount: "25.00",
  currency: "USD",
  status: "pending",
  description: "Lunch",
  recipientName: "Alex Kim",
  recipientPhone: "2125550101",
  createdAt: "2026-11-25T15:00:00Z",
  shortUrl: "http://localhost/pay/abc",
  viewedAt: null,
  lastRemindedAt: null,
  claimedPaidAt: null,
  claimedVia: null,
  claimNote: null,
  splitId: null,
  dueDate: null,
  payerEmail: null,
  reminderDays: null,
  reminders: NO_REMINDERS,
  ...patch,
});
