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

/** One provider on a form: ticked or not, and its handle as typed. */
export const ProviderFormEntrySchema = z.object({ selected: z.boolean(), handle: z.string() });

/**
 * The Payment Methods form → the call's payload, checking in the order the screen's messages
 * come: at least one selected (said on the first provider's box), then every selected one has a
 * handle, then each handle's format (each said on its provider's handle).
 */
export const PaymentMethodsFormSchema = z
  .record(ProviderSchema, ProviderFormEntrySchema)
  .transform((form, ctx): PaymentAccountsInput => {
    const selected = PROVIDERS.filter((p) => form[p].selected);
    if (selected.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: [PROVIDERS[0], "selected"],
        message: VALIDATION.methodRequired.description,
      });
      return z.NEVER;
    }
    const empty = selected.filter((p) => form[p].handle.trim() === "");
    for (const provider of empty) {
      ctx.addIssue({
        code: "custom",
        path: [provider, "handle"],
        message: VALIDATION.handleRequired.description,
      });
    }
    if (empty.length > 0) return z.NEVER;
    const parsed = PaymentAccountsInputSchema.safeParse({
      accounts: selected.map((provider) => ({ provider, accountHandle: form[provider].handle })),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const index = issue.path[1];
      const provider = typeof index === "number" ? (selected[index] ?? PROVIDERS[0]) : PROVIDERS[0];
      ctx.addIssue({ code: "custom", path: [provider, "handle"], message: issue.message });
    }
    return z.NEVER;
  });

/** PaymentMethodsFormSchema's payload, or its first message. */
export function paymentMethodsFromForm(form: PaymentMethodsForm): FormResult<PaymentAccountsInput> {
  const parsed = PaymentMethodsFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: firstMessage(parsed.error.issues) };
}
