import type { I18n } from "@lingui/core";
import { z } from "zod";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import { ENGLISH } from "#shared/i18n/english.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { VALIDATION } from "#shared/messages.ts";
import { checkAmount, formatMoney } from "#shared/money.ts";
import { PROVIDER_LABELS, PROVIDERS } from "#shared/providers.ts";
import { isCalendarDate } from "#shared/schedule/zoned.ts";

/**
 * Part payments (docs/features.md, "Part payments"): the requester records that some of a
 * request was paid; what is left is what the pay page, the buttons and every reminder ask for.
 * Amounts are decimal text in the request's currency, added and taken in whole minor units.
 */

/** How a part payment was made: one of the apps, cash, or something else; or not said. */
export const PaymentMethodSchema = z.enum(
  [...PROVIDERS, "cash", "other"],
  /*i18n*/ "Choose how it was paid.",
);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PAYMENT_MESSAGES = {
  paidOn: /*i18n*/ "Choose the day it was paid, today or earlier.",
} as const;

/**
 * POST /api/payment-requests/{id}/payments: how much, with what, on which day (absent: today).
 * The amount is checked against its request's currency and what is left (checkPartPayment).
 */
export const RecordPaymentInputSchema = z.strictObject({
  amount: z.string(VALIDATION.amount.description).max(24, VALIDATION.amount.description),
  method: PaymentMethodSchema.nullish().transform((v) => v ?? null),
  paidOn: z.string(PAYMENT_MESSAGES.paidOn).refine(isCalendarDate, PAYMENT_MESSAGES.paidOn).optional(),
});
export type RecordPaymentInput = z.input<typeof RecordPaymentInputSchema>;

/** One recorded part payment, as the request's owner sees it. */
export const RecordedPaymentSchema = z.object({
  id: z.string(),
  amount: z.string(),
  method: PaymentMethodSchema.nullable(),
  /** YYYY-MM-DD. */
  paidOn: z.string(),
  createdAt: z.string(),
});
export type RecordedPayment = z.infer<typeof RecordedPaymentSchema>;

/** DELETE /api/payment-requests/{id}/payments/{paymentId}. */
export const PaymentParamsSchema = z.object({ id: z.string().max(100), paymentId: z.string().max(100) });

/** The method's name on a screen: the app's own, or "Cash" / "Other" in `i18n`'s language. */
export function paymentMethodLabel(method: PaymentMethod, i18n: I18n = ENGLISH): string {
  if (method === "cash") return i18n._("Cash");
  if (method === "other") return i18n._("Other");
  return PROVIDER_LABELS[method];
}

/** What part payments paid, with the currency's digits ("1000" → "1000.00"), or undefined for none. */
export function paidSoFar(paid: string | null | undefined, currency: string): string | undefined {
  const minor = paid ? parseMinor(paid, currency) : null;
  return minor ? minorToAmount(minor, currency) : undefined;
}

/** `amount - paid`, exact in the currency's minor units ("1450.00" − "1000.00" = "450.00"). */
export function amountLeft(amount: string, paid: string | undefined, currency: string): string {
  if (!paid) return amount;
  const left = (parseMinor(amount, currency) ?? 0) - (parseMinor(paid, currency) ?? 0);
  return minorToAmount(Math.max(0, left), currency);
}

/**
 * A part payment's amount checked against what is left of its request: the currency's own rules
 * (checkAmount), then at most `left`. Normalised ("450" → "450.00") when it passes; why not, in
 * `i18n`'s language, when not. Both the dialog and the server ask this.
 */
export function checkPartPayment(
  input: string,
  left: string,
  currency: string,
  i18n: I18n = ENGLISH,
): { ok: true; amount: string } | { ok: false; message: string } {
  const checked = checkAmount(input, currency, i18n);
  if (!checked.ok) return checked;
  if ((parseMinor(checked.amount, currency) ?? 0) > (parseMinor(left, currency) ?? 0)) {
    const max = formatMoney(left, currency, intlLocaleOf(i18n.locale));
    return { ok: false, message: i18n._("A payment can be at most what is left: {max}.", { max }) };
  }
  return checked;
}

/**
 * `amount` (minor units) spread over what is left of each item, oldest first: each is covered in
 * full before the next gets any, and the parts always add up to `amount` when it is at most their
 * sum (the last covered item takes the remainder). Whole minor units in, whole out: no cent is lost
 * or made.
 */
export function allocateOldestFirst(amount: number, lefts: readonly number[]): number[] {
  let rest = Math.max(0, amount);
  return lefts.map((left) => {
    const part = Math.min(rest, Math.max(0, left));
    rest -= part;
    return part;
  });
}
