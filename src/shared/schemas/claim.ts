import { z } from "zod";
import { VALIDATION } from "#shared/messages.ts";
import { PROVIDER_LABELS, PROVIDERS } from "#shared/providers.ts";
import { UNSAFE_TEXT } from "./user";

/** The apps a payer can say they paid with: the requester's configured ones, or "Other". */
export const ClaimViaSchema = z.enum(
  [...PROVIDERS, "other"],
  /*i18n*/ "Please choose the app you paid with.",
);
export type ClaimVia = z.infer<typeof ClaimViaSchema>;

export const CLAIM_NOTE_MAX = 140;

export function claimViaLabel(via: ClaimVia): string {
  return via === "other" ? "Other" : PROVIDER_LABELS[via];
}

/**
 * POST /api/payment-screen/{code}/claim: the payer's "I've paid", from the pay page's script.
 * `amount`: how much, as typed in the page's language ("1.000,50" on a German page); absent,
 * what is left. Checked against what is left in the request's currency (pay/queries.ts recordClaim).
 */
export const ClaimInputSchema = z.strictObject({
  via: ClaimViaSchema,
  amount: z
    .string(VALIDATION.amount.description)
    .trim()
    .max(24, VALIDATION.amount.description)
    .nullish()
    .transform((v) => v || null),
  note: z
    .string()
    .trim()
    .max(CLAIM_NOTE_MAX, /*i18n*/ "Note: at most 140 characters.")
    // The requester reads it beside the amount: no line breaks, and no text-direction
    // characters, which would show it reordered (the profile-name rule).
    .refine((note) => !UNSAFE_TEXT.test(note), /*i18n*/ "Note: one line of plain text, please.")
    .nullish()
    .transform((v) => v || null),
});
export type ClaimInput = z.input<typeof ClaimInputSchema>;
