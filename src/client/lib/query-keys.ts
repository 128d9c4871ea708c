/** Query keys read by more than one feature; the key joined by "/" is the GET URL (lib/api.ts). */
export const PAYMENT_REQUESTS_KEY = ["/api/payment-requests"] as const;
export const PAYEES_KEY = ["/api/payees"] as const;
