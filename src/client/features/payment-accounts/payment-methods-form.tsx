import { useLingui } from "@lingui/react";
import { ProviderAccountField } from "#client/components/provider-account-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { VALIDATION } from "#shared/messages.ts";
import { type Provider, providersFor } from "#shared/providers.ts";
import { DEFAULT_COUNTRY } from "#shared/region.ts";
import { type PaymentAccount, PaymentMethodsFormSchema } from "#shared/schemas/payment-account.ts";
import { useUpdatePaymentAccounts } from "./api";
import {
  entryOf,
  formFromAccounts,
  isDroppedHandle,
  withBankField,
  withHandle,
  withSelected,
} from "./form-state";
import { NoPayableMethodWarning } from "./no-payable-method-warning";

/** The form's fields in the screen's order: a bank transfer's holder and BIC after its IBAN. */
const fieldsOf = (provider: Provider) =>
  provider === "sepa"
    ? ([`${provider}.selected`, `${provider}.handle`, "sepa.holderName", "sepa.bic"] as const)
    : ([`${provider}.selected`, `${provider}.handle`] as const);

/**
 * Payment methods (docs/product.md "Payment methods"): the methods of the account's country, in
 * order (providers.ts providersFor: the spec's five for a US account; elsewhere its rail, then
 * PayPal), plus any already saved.
 */
export function PaymentMethodsFormView({
  accounts,
  country = DEFAULT_COUNTRY,
}: {
  accounts: readonly PaymentAccount[];
  country?: string;
}) {
  const { i18n } = useLingui();
  const shown = providersFor(
    country,
    accounts.map((a) => a.provider),
  );
  const {
    form: methods,
    values: form,
    set,
    errorOf,
    refOf,
    submit,
    fail,
  } = useSchemaForm({
    schema: PaymentMethodsFormSchema,
    defaultValues: formFromAccounts(accounts),
    fields: shown.flatMap(fieldsOf),
    first: [VALIDATION.methodRequired.description, VALIDATION.handleRequired.description],
  });
  const update = useUpdatePaymentAccounts();

  const onSubmit = submit((input) => {
    if (update.isPending) return;
    update.mutate(input, {
      onSuccess: (saved) => {
        methods.reset(formFromAccounts(saved));
        toast({
          title: i18n._("Payment Methods Updated"),
          description: i18n._("Your payment methods have been saved."),
        });
      },
      onError: (error) => fail(i18n._("Update Failed"), error),
    });
  });
  const ticked = shown.filter((p) => entryOf(form, p).selected);

  return (
    <Form onSubmit={onSubmit} className="space-y-3">
      {shown.map((provider) => {
        const entry = entryOf(form, provider);
        return (
          <ProviderAccountField
            key={provider}
            provider={provider}
            selected={entry.selected}
            handle={entry.handle}
            note={
              isDroppedHandle(entry) ? i18n._("Not ticked: this handle is removed when you update.") : null
            }
            selectedError={errorOf(`${provider}.selected`)}
            handleError={errorOf(`${provider}.handle`)}
            selectedRef={refOf(`${provider}.selected`)}
            handleRef={refOf(`${provider}.handle`)}
            onSelectedChange={(selected) => set(provider, withSelected(form, provider, selected)[provider])}
            onHandleChange={(handle) => set(provider, withHandle(form, provider, handle)[provider])}
            bank={
              provider === "sepa"
                ? {
                    holderName: entry.holderName ?? "",
                    bic: entry.bic ?? "",
                    holderNameError: errorOf("sepa.holderName"),
                    bicError: errorOf("sepa.bic"),
                    holderNameRef: refOf("sepa.holderName"),
                    bicRef: refOf("sepa.bic"),
                    onHolderNameChange: (value) =>
                      set(provider, withBankField(form, provider, "holderName", value)[provider]),
                    onBicChange: (value) =>
                      set(provider, withBankField(form, provider, "bic", value)[provider]),
                  }
                : undefined
            }
          />
        );
      })}
      {/* What the ticked list would leave a payer with; none ticked is the form's own message. */}
      {ticked.length > 0 ? <NoPayableMethodWarning providers={ticked} /> : null}
      <div className="pt-3">
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-40" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {i18n._("Update")}
        </Button>
      </div>
    </Form>
  );
}
