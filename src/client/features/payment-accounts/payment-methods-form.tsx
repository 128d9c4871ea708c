import { ProviderAccountField } from "#client/components/provider-account-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { VALIDATION } from "#shared/messages.ts";
import { PROVIDERS } from "#shared/providers.ts";
import { type PaymentAccount, PaymentMethodsFormSchema } from "#shared/schemas/payment-account.ts";
import { useUpdatePaymentAccounts } from "./api";
import { formFromAccounts, isDroppedHandle, withHandle, withSelected } from "./form-state";
import { NoPayableMethodWarning } from "./no-payable-method-warning";

/** Payment methods (docs/product.md "Payment methods"): all five providers, checked in order. */
export function PaymentMethodsFormView({ accounts }: { accounts: readonly PaymentAccount[] }) {
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
    fields: PROVIDERS.flatMap((p) => [`${p}.selected`, `${p}.handle`] as const),
    first: [VALIDATION.methodRequired.description, VALIDATION.handleRequired.description],
  });
  const update = useUpdatePaymentAccounts();

  const onSubmit = submit((input) => {
    if (update.isPending) return;
    update.mutate(input, {
      onSuccess: (saved) => {
        methods.reset(formFromAccounts(saved));
        toast({ title: "Payment Methods Updated", description: "Your payment methods have been saved." });
      },
      onError: (error) => fail("Update Failed", error),
    });
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-3">
      {PROVIDERS.map((provider) => (
        <ProviderAccountField
          key={provider}
          provider={provider}
          selected={form[provider].selected}
          handle={form[provider].handle}
          note={
            isDroppedHandle(form[provider]) ? "Not ticked: this handle is removed when you update." : null
          }
          selectedError={errorOf(`${provider}.selected`)}
          handleError={errorOf(`${provider}.handle`)}
          selectedRef={refOf(`${provider}.selected`)}
          handleRef={refOf(`${provider}.handle`)}
          onSelectedChange={(selected) => set(provider, withSelected(form, provider, selected)[provider])}
          onHandleChange={(handle) => set(provider, withHandle(form, provider, handle)[provider])}
        />
      ))}
      {/* What the ticked list would leave a payer with; none ticked is the form's own message. */}
      {PROVIDERS.some((p) => form[p].selected) ? (
        <NoPayableMethodWarning providers={PROVIDERS.filter((p) => form[p].selected)} />
      ) : null}
      <div className="pt-3">
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-40" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Update
        </Button>
      </div>
    </Form>
  );
}
