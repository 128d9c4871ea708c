import { PROVIDERS, type Provider } from "#shared/providers.ts";
import type {
  PaymentAccount,
  PaymentMethodsEntry,
  PaymentMethodsForm,
} from "#shared/schemas/payment-account.ts";

/** The form as its schema reads it: a rail the page does not offer may be absent. */
export type PaymentMethodsValues = Partial<Record<Provider, PaymentMethodsEntry>>;

const EMPTY: PaymentMethodsEntry = { selected: false, handle: "" };

/** One provider's entry, empty when the form has none. */
export const entryOf = (form: PaymentMethodsValues, provider: Provider): PaymentMethodsEntry =>
  form[provider] ?? EMPTY;

/** The form's starting state: every provider, ticked and filled where an account exists. */
export function formFromAccounts(accounts: readonly PaymentAccount[]): PaymentMethodsForm {
  const entries = PROVIDERS.map((provider) => {
    const account = accounts.find((a) => a.provider === provider);
    const entry: PaymentMethodsEntry = { selected: Boolean(account), handle: account?.accountHandle ?? "" };
    // A bank transfer also names its holder and may give a BIC (docs/decisions/032-payment-rails.md).
    if (provider === "sepa")
      Object.assign(entry, { holderName: account?.holderName ?? "", bic: account?.bic ?? "" });
    return [provider, entry] as const;
  });
  return Object.fromEntries(entries) as PaymentMethodsForm;
}

/**
 * Typing a handle ticks its provider: only ticked providers are saved, so a handle typed into an
 * unticked one would otherwise be dropped while the toast says the methods were updated.
 */
export function withHandle<F extends PaymentMethodsValues>(form: F, provider: Provider, handle: string): F {
  const entry = entryOf(form, provider);
  const selected = entry.selected || handle.trim() !== "";
  return { ...form, [provider]: { ...entry, selected, handle } };
}

/** A bank transfer's holder name or BIC, typed: like a handle, it ticks its provider. */
export function withBankField<F extends PaymentMethodsValues>(
  form: F,
  provider: Provider,
  field: "holderName" | "bic",
  value: string,
): F {
  const entry = entryOf(form, provider);
  const selected = entry.selected || value.trim() !== "";
  return { ...form, [provider]: { ...entry, selected, [field]: value } };
}

export function withSelected<F extends PaymentMethodsValues>(
  form: F,
  provider: Provider,
  selected: boolean,
): F {
  return { ...form, [provider]: { ...entryOf(form, provider), selected } };
}

/** An unticked provider still holding text: that handle is removed on Update, so the field says so. */
export function isDroppedHandle(entry: PaymentMethodsEntry | undefined): boolean {
  return entry !== undefined && !entry.selected && entry.handle.trim() !== "";
}
