import { z } from "zod";
import { type FormResult, firstMessage, VALIDATION } from "#shared/messages.ts";
import {
  bicProblem,
  handleProblem,
  holderNameProblem,
  PROVIDERS,
  type Provider,
  type RailProvider,
  type UsProvider,
} from "#shared/providers.ts";

export const ProviderSchema = z.enum(PROVIDERS);

/**
 * One connected account; the handle must fit its provider's rules (docs/product.md#payment-methods).
 * A bank transfer (SEPA) also names the account holder and may give a BIC
 * (docs/decisions/032-payment-rails.md); no other provider carries them.
 */
export const PaymentAccountSchema = z
  .object({
    provider: ProviderSchema,
    accountHandle: z.string().trim().max(100),
    holderName: z.string().trim().max(200).nullish(),
    bic: z.string().trim().max(20).nullish(),
  })
  .superRefine((account, ctx) => {
    const problem = handleProblem(account.provider, account.accountHandle);
    if (problem) ctx.addIssue({ code: "custom", path: ["accountHandle"], message: problem });
    const holder = holderNameProblem(account.provider, account.holderName);
    if (holder) ctx.addIssue({ code: "custom", path: ["holderName"], message: holder });
    const bic = bicProblem(account.provider, account.bic);
    if (bic) ctx.addIssue({ code: "custom", path: ["bic"], message: bic });
  });
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>;

/** An account as the pay page's public view carries it: the same fields. */
export const PublicPaymentAccountSchema = z.object({
  provider: ProviderSchema,
  accountHandle: z.string(),
  holderName: z.string().optional(),
  bic: z.string().optional(),
});

/** A set of accounts: at most one per provider. */
export const PaymentAccountListSchema = z
  .array(PaymentAccountSchema)
  .max(PROVIDERS.length)
  .refine((list) => new Set(list.map((a) => a.provider)).size === list.length, {
    message: /*i18n*/ "Each payment method can be connected once.",
  });

/** POST /api/payment-accounts replaces the caller's set (docs/product.md#payment-accounts). */
export const PaymentAccountsInputSchema = z.strictObject({
  accounts: PaymentAccountListSchema.min(1, VALIDATION.methodRequired.description),
});
export type PaymentAccountsInput = z.infer<typeof PaymentAccountsInputSchema>;

/** Payment Methods form: which providers are ticked and what was typed for each. */
export type PaymentMethodsEntry = { selected: boolean; handle: string; holderName?: string; bic?: string };
/** The spec's five are always on the form; a rail only where the page offers it (providersFor). */
export type PaymentMethodsForm = Record<UsProvider, PaymentMethodsEntry> &
  Partial<Record<RailProvider, PaymentMethodsEntry>>;

/** One provider on a form: ticked or not, its handle as typed, and a bank transfer's holder and BIC. */
export const ProviderFormEntrySchema = z.object({
  selected: z.boolean(),
  handle: z.string(),
  holderName: z.string().optional(),
  bic: z.string().optional(),
});

/**
 * The Payment Methods form → the call's payload, checking in the order the screen's messages
 * come: at least one selected (said on the first provider's box), then every selected one has a
 * handle, then each handle's format (each said on its provider's handle).
 */
export const PaymentMethodsFormSchema = z
  .partialRecord(ProviderSchema, ProviderFormEntrySchema)
  .transform((form, ctx): PaymentAccountsInput => {
    const selected = PROVIDERS.filter((p) => form[p]?.selected);
    if (selected.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: [PROVIDERS[0], "selected"],
        message: VALIDATION.methodRequired.description,
      });
      return z.NEVER;
    }
    const entry = (p: Provider) => form[p] ?? { selected: false, handle: "" };
    const empty = selected.filter((p) => entry(p).handle.trim() === "");
    for (const provider of empty) {
      ctx.addIssue({
        code: "custom",
        path: [provider, "handle"],
        message: VALIDATION.handleRequired.description,
      });
    }
    if (empty.length > 0) return z.NEVER;
    const parsed = PaymentAccountsInputSchema.safeParse({
      accounts: selected.map((provider) => {
        const { handle, holderName, bic } = entry(provider);
        return provider === "sepa"
          ? { provider, accountHandle: handle, holderName: holderName ?? "", bic: bic?.trim() || null }
          : { provider, accountHandle: handle };
      }),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const provider = typeof index === "number" ? (selected[index] ?? PROVIDERS[0]) : PROVIDERS[0];
      const at = field === "holderName" || field === "bic" ? field : "handle";
      ctx.addIssue({ code: "custom", path: [provider, at], message: issue.message });
    }
    return z.NEVER;
  });

/** PaymentMethodsFormSchema's payload, or its first message. */
export function paymentMethodsFromForm(form: PaymentMethodsForm): FormResult<PaymentAccountsInput> {
  const parsed = PaymentMethodsFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: firstMessage(parsed.error.issues) };
}
