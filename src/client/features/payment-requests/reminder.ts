import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** Remind: a reminder is offered once a request has waited a full day. */
export const REMIND_AFTER_MS = 24 * 60 * 60 * 1000;

/** True for a pending request created more than 24 hours before `now`. */
export function canRemind(request: Pick<PaymentRequest, "status" | "createdAt">, now: Date): boolean {
  if (request.status !== "pending") return false;
  const created = Date.parse(request.createdAt);
  return !Number.isNaN(created) && now.getTime() - created > REMIND_AFTER_MS;
}
