import { PROVIDERS, type Provider } from "#shared/providers.ts";
import type { PaymentAccount, PaymentMethodsForm } from "#shared/schemas/payment-account.ts";

/** The form's starting state: every provider, ticked and filled where an account exists. */
export function formFromAccounts(accounts: readonly PaymentAccount[]): PaymentMethodsForm {
  const entries = PROVIDERS.map((provider) => {
    const account = accounts.find((a) => a.provider === provider);
    return [provider, { selected: Boolean(account), handle: account?.accountHandle ?? "" }] as const;
  });
  return Object.fromEntries(entries) as PaymentMethodsForm;
}

/**
 * Typing a handle ticks its provider: only ticked providers are saved, so a handle typed into an
 * unticked one would otherwise be dropped while the toast says the methods were updated.
 */
export function withHandle(form: PaymentMethodsForm, provider: Provider, handle: string): PaymentMethodsForm {
  const selected = form[provider].selected || handle.trim() !== "";
  return { ...form, [provider]: { selected, handle } };
}

export function withSelected(
  form: PaymentMethodsForm,
  provider: Provider,
  selected: boolean,
): PaymentMethodsForm {
  return { ...form, [provider]: { ...form[provider], selected } };
}

/** An unticked provider still holding text: that handle is removed on Update, so the field says so. */
export function isDroppedHandle(entry: PaymentMethodsForm[Provider]): boolean {
  return !entry.selected && entry.handle.trim() !== "";
}
