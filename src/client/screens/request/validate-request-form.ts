import type { z } from "zod";
import { formSchema } from "#client/lib/schema-form.ts";
import { type FormResult, firstMessage } from "#shared/messages.ts";
import { decimalMarkOf } from "#shared/region.ts";
import {
  type InputRegion,
  PAYMENT_REQUEST_CHECK_ORDER,
  type PaymentRequestInputSchema,
  paymentRequestInputFor,
  perRegion,
  US_INPUT,
} from "#shared/schemas/payment-request.ts";
import { typedAmount } from "#shared/typed-amount.ts";

/**
 * What the Request Payment form holds: the inputs' text as typed, and the currency chosen (an
 * account outside the US may choose; absent: the account's).
 */
export type RequestForm = {
  name: string;
  phone: string;
  amount: string;
  description: string;
  /** ISO 4217; "" (or absent, in a draft from before currencies): the account's. */
  currency?: string;
};

/** The POST /api/payment-requests body: trimmed name, 10 digits, "25.00", description or null. */
export type RequestPayload = z.output<typeof PaymentRequestInputSchema>;

/** The payload's names for the form's inputs (the API names them in a 400: "recipientPhone: …"). */
export const FORM_FIELDS: Record<string, Exclude<keyof RequestForm, "currency">> = {
  recipientName: "name",
  recipientPhone: "phone",
};

/**
 * The form as the account's region reads it, checked by the server's own schema; each message on
 * the input it is about. An amount is read with the country's decimal mark ("12,50" in Germany).
 */
export const requestFormSchemaFor = perRegion((region: InputRegion) => {
  const decimalMark = decimalMarkOf(region.country);
  return formSchema(
    paymentRequestInputFor(region),
    (form: RequestForm) => ({
      recipientName: form.name,
      recipientPhone: form.phone,
      amount: typedAmount(form.amount, decimalMark),
      ...(form.currency ? { currency: form.currency } : {}),
      description: form.description,
    }),
    (path) => (path.length > 0 ? [FORM_FIELDS[String(path[0])] ?? String(path[0]), ...path.slice(1)] : path),
  );
});

/** A US account's form: the spec's. */
export const RequestFormSchema = requestFormSchemaFor(US_INPUT);

/** The form's inputs in the screen's order. */
export const REQUEST_FORM_FIELDS = ["name", "phone", "amount", "description"] as const;

/**
 * The form → the request the server accepts, checked by the server's own schema in the
 * product's order (name, phone, an amount above $0), then the limits it leaves to us.
 */
export function validateRequestForm(
  form: RequestForm,
  region: InputRegion = US_INPUT,
): FormResult<RequestPayload> {
  const parsed = requestFormSchemaFor(region).safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: firstMessage(parsed.error.issues, PAYMENT_REQUEST_CHECK_ORDER) };
}
