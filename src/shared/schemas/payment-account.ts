import { z } from "zod";
import { type FormResult, firstMessage, VALIDATION } from "#shared/messages.ts";
import { handleProblem, PROVIDERS } from "#shared/providers.ts";

export const ProviderSchema = z.enum(PROVIDERS);

/** One connected account; the handle must fit its provider's rules (docs/product.md#payment-methods). */
export const PaymentAccountSchema = z
  .object({
    provider: ProviderSchema,
    accountHandle: z.string().trim().max(100),
  })
  .superRefine((account, ctx) => {
    const problem = handleProblem(account.provider, account.accountHandle);
    if (problem) ctx.addIssue({ code: "custom", path: ["accountHandle"], message: problem });
  });
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>;

/** A set of accounts: at most one per provider. */
export const PaymentAccountListSchema = z
  .array(PaymentAccountSchema)
  .max(PROVIDERS.length)
  .refine((list) => new Set(list.map((a) => a.provider)).size === list.length, {
    message: "Each payment method can be connected once.",
  });

/** POST /api/payment-accounts replaces the caller's set (docs/product.md#payment-accounts). */
export const PaymentAccountsInputSchema = z.strictObject({
  accounts: PaymentAccountListSchema.min(1, VALIDATION.methodRequired.description),
});
export type PaymentAccountsInput = z.infer<typeof PaymentAccountsInputSchema>;

/** Payment Methods form: which providers are ticked and what was typed for each. */
export type PaymentMethodsForm = Record<(typeof PROVIDERS)[number], { selected: boolean; handle: string }>;

/**
 * Turns the form into the call's payload, checking in the order the screen's messages come:
 * at least one selected, then every selected one has a handle, then each handle's format.
 */
export function paymentMethodsFromForm(form: PaymentMethodsForm): FormResult<PaymentAccountsInput> {
  const selected = PROVIDERS.filter((p) => form[p].selected);
  if (selected.length === 0) return { ok: false, message: VALIDATION.methodRequired.description };
  if (selected.some((p) => form[p].handle.trim() === "")) {
    return { ok: false, message: VALIDATION.handleRequired.description };
  }
  const parsed = PaymentAccountsInputSchema.safeParse({
    accounts: selected.map((provider) => ({ provider, accountHandle: form[provider].handle })),
  });
  if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues) };
  return { ok: true, value: parsed.data };
}
