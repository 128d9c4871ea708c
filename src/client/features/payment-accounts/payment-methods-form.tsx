import { useState } from "react";
import { ProviderAccountField } from "#client/components/provider-account-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { showValidationToast } from "#client/lib/validation-toast.ts";
import { PROVIDERS } from "#shared/providers.ts";
import {
  type PaymentAccount,
  type PaymentMethodsForm,
  paymentMethodsFromForm,
} from "#shared/schemas/payment-account.ts";
import { useUpdatePaymentAccounts } from "./api";
import { formFromAccounts, isDroppedHandle, withHandle, withSelected } from "./form-state";
import { NoPayableMethodWarning } from "./no-payable-method-warning";

/** Payment methods (docs/product.md "Payment methods"): all five providers, checked in order. */
export function PaymentMethodsFormView({ accounts }: { accounts: readonly PaymentAccount[] }) {
  const [form, setForm] = useState<PaymentMethodsForm>(() => formFromAccounts(accounts));
  const update = useUpdatePaymentAccounts();

  const onSubmit = () => {
    if (update.isPending) return;
    const result = paymentMethodsFromForm(form);
    if (!result.ok) {
      showValidationToast(result.message);
      return;
    }
    update.mutate(result.value, {
      onSuccess: (saved) => {
        setForm(formFromAccounts(saved));
        toast({ title: "Payment Methods Updated", description: "Your payment methods have been saved." });
      },
      onError: (error) => showMutationError("Update Failed", error),
    });
  };

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
          onSelectedChange={(selected) => setForm((f) => withSelected(f, provider, selected))}
          onHandleChange={(handle) => setForm((f) => withHandle(f, provider, handle))}
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
