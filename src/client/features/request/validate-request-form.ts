import type { z } from "zod";
import { VALIDATION, validationToast } from "../../../shared/messages";
import { MAX_AMOUNT_CENTS, parseAmount } from "../../../shared/money";
import { checkPhone, PHONE_MESSAGES } from "../../../shared/phone";
import { DESCRIPTION_MAX, PaymentRequestInputSchema } from "../../../shared/schemas/payment-request";

/** What the Request Payment form holds: the inputs' text as typed. */
export type RequestForm = { name: string; phone: string; amount: string; description: string };

/** The POST /api/payment-requests body: trimmed name, 10 digits, "25.00", description or null. */
export type RequestPayload = z.output<typeof PaymentRequestInputSchema>;

export type RequestFormResult =
  | { ok: true; value: RequestPayload }
  | { ok: false; title: string; description: string };

/** RecipientNameSchema's limit, also the input's maxLength. */
export const NAME_MAX = 80;
const MAX_DOLLARS = MAX_AMOUNT_CENTS / 100;

export const INVALID_PHONE = { title: "Invalid Phone Number", description: PHONE_MESSAGES.invalid } as const;

/** ".5" → "0.5", "5." → "5": forms a number input may hand over, in the shape parseAmount reads. */
export function tidyAmount(amount: string): string {
  return amount
    .trim()
    .replace(/^\./, "0.")
    .replace(/(\d)\.$/, "$1");
}

function amountProblem(amount: string): string {
  if (Number(amount) > MAX_DOLLARS) return "Please enter an amount of at most $1,000,000.00.";
  if (/\.\d{3,}$/.test(amount)) return "Please enter an amount with at most 2 decimal places, like 25.50.";
  return "Please enter the amount in dollars and cents, like 25.50.";
}

const fail = (text: { title: string; description: string }): RequestFormResult => ({ ok: false, ...text });

/**
 * Spec §5 Request, in its order: name, phone, amount > 0; then what the spec leaves to us: a
 * US mobile number (another country's is refused as such), at most 2 decimals and $1,000,000, and the fields' lengths.
 */
export function validateRequestForm(form: RequestForm): RequestFormResult {
  const name = form.name.trim();
  const amount = tidyAmount(form.amount);
  const amountValue = Number(amount);
  const description = form.description.trim();

  if (name === "") return fail(VALIDATION.recipientName);
  if (form.phone.replace(/\D/g, "") === "") return fail(VALIDATION.recipientPhone);
  if (amount === "" || !Number.isFinite(amountValue) || amountValue <= 0) return fail(VALIDATION.amount);

  const phone = checkPhone(form.phone);
  if (!phone.ok) return fail({ title: INVALID_PHONE.title, description: phone.message });
  const normalized = parseAmount(amount);
  if (!normalized) return fail({ title: VALIDATION.amount.title, description: amountProblem(amount) });
  if (name.length > NAME_MAX) {
    return fail({ title: "Name Too Long", description: `Please keep the name to ${NAME_MAX} characters.` });
  }
  if (description.length > DESCRIPTION_MAX) {
    return fail({
      title: "Description Too Long",
      description: `Please keep the description to ${DESCRIPTION_MAX} characters.`,
    });
  }

  // The server's own schema has the last word, so the form never sends what it would refuse.
  const parsed = PaymentRequestInputSchema.safeParse({
    recipientName: name,
    recipientPhone: phone.digits,
    amount: normalized,
    description: description === "" ? null : description,
  });
  if (!parsed.success) return fail(validationToast(parsed.error.issues[0]?.message ?? "Invalid input"));
  return { ok: true, value: parsed.data };
}
