import { z } from "zod";
import { cursorSchema, MicrosecondTimeSchema, PageLimitSchema, UuidSchema } from "./page";
import { RecordPaymentInputSchema } from "./payment";
import { PaymentRequestSchema } from "./payment-request";

/**
 * One person's balance (docs/features.md, "One balance per person"): everything still open with
 * them, found by their number, and what is left of it all per currency.
 */

/** A stored number: 10 digits in the US, E.164 elsewhere (the requests' own form). */
export const BalancePhoneSchema = z
  .string()
  .regex(/^([0-9]{10}|[+][1-9][0-9]{6,14})$/, /*i18n*/ "Payment request not found");

export const BalanceParamsSchema = z.object({ phone: BalancePhoneSchema });

/** Where the last row of a page sorted: oldest first, by creation time and id. */
const BalanceCursorKeySchema = z.strictObject({ t: MicrosecondTimeSchema, i: UuidSchema });
export type BalanceCursorKey = z.infer<typeof BalanceCursorKeySchema>;

export const BalanceQuerySchema = z.object({
  limit: PageLimitSchema,
  cursor: cursorSchema(BalanceCursorKeySchema).optional(),
});

/** GET /api/balances/{phone}: who, what is left per currency, and a page of their open requests, oldest first. */
export const BalanceSchema = z.object({
  phone: z.string(),
  /** Their saved contact's name, else the name on their latest open request. */
  name: z.string(),
  /** One line per currency (never added across), in the order each first appears. */
  totals: z.array(z.object({ currency: z.string(), owed: z.string(), count: z.number().int() })),
  requests: z.array(PaymentRequestSchema),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** POST /api/balances/{phone}/link ("Request all"): which currency's total to ask for (absent: the first). */
export const BalanceLinkInputSchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, /*i18n*/ "Choose a currency.")
    .optional(),
});
export type BalanceLinkInput = z.infer<typeof BalanceLinkInputSchema>;

/** The link (the same one each time for this person and currency) and the text that carries it. */
export const BalanceLinkSchema = z.object({
  shortUrl: z.string(),
  currency: z.string(),
  amount: z.string(),
  count: z.number().int(),
  smsMessage: z.string(),
});
export type BalanceLink = z.infer<typeof BalanceLinkSchema>;

/**
 * POST /api/balances/{phone}/payments: a payment from this person toward everything open with them
 * in `currency`, spread oldest first as part payments (at most what is left of it all).
 */
export const BalancePaymentInputSchema = RecordPaymentInputSchema.extend({
  currency: z.string().regex(/^[A-Z]{3}$/, /*i18n*/ "Choose a currency."),
});
export type BalancePaymentInput = z.input<typeof BalancePaymentInputSchema>;

/** Each request's part of it (each undone on its own: DELETE /api/payment-requests/{id}/payments/{paymentId}). */
export const BalancePaymentsSchema = z.object({
  payments: z.array(z.object({ requestId: z.string(), paymentId: z.string(), amount: z.string() })),
});
export type BalancePayments = z.infer<typeof BalancePaymentsSchema>;
