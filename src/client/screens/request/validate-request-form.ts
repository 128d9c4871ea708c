import type { z } from "zod";
import { formSchema } from "#client/lib/schema-form.ts";
import { type FormResult, firstMessage } from "#shared/messages.ts";
import { typedAmount } from "#shared/money.ts";
import { PAYMENT_REQUEST_CHECK_ORDER, PaymentRequestInputSchema } from "#shared/schemas/payment-request.ts";

/** What the Request Payment form holds: the inputs' text as typed. */
export type RequestForm = { name: string; phone: string; amount: string; description: string };

/** The POST /api/payment-requests body: trimmed name, 10 digits, "25.00", description or null. */
export type RequestPayload = z.output<typeof PaymentRequestInputSchema>;

/** The payload's names for the form's inputs (the API names them in a 400: "recipientPhone: …"). */
export const FORM_FIELDS: Record<string, keyof RequestForm> = {
  recipientName: "name",
  recipientPhone: "phone",
};

/** The form, checked by the server's own schema; each message on the input it is about. */
export const RequestFormSchema = formSchema(
  PaymentRequestInputSchema,
  (form: RequestForm) => ({
    recipientName: form.name,
    recipientPhone: form.phone,
    amount: typedAmount(form.amount),
    description: form.description,
  }),
  (path) => (path.length > 0 ? [FORM_FIELDS[String(path[0])] ?? String(path[0]), ...path.slice(1)] : path),
);

/** The form's inputs in the screen's order. */
export const REQUEST_FORM_FIELDS = ["name", "phone", "amount", "description"] as const;

/**
 * The form → the request the server accepts, checked by the server's own schema in the
 * product's order (name, phone, an amount above $0), then the limits it leaves to us.
 */
export function validateRequestForm(form: RequestForm): FormResult<RequestPayload> {
  const parsed = RequestFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: firstMessage(parsed.error.issues, PAYMENT_REQUEST_CHECK_ORDER) };
}
