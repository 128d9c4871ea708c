import { useLingui } from "@lingui/react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { useUpdateRecurring } from "#client/features/recurring/api.ts";
import { formSchema, useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { typedAmount } from "#shared/money.ts";
import { type RecurringSeries, RecurringUpdateSchema } from "#shared/schemas/recurring.ts";
import { FormField } from "./form-fields";

type EditValues = { amount: string; description: string };

/** PATCH /api/recurring-requests/{id}'s own schema, over the amount as typed ("$1,250", "12,50"). */
const EditSchema = formSchema(RecurringUpdateSchema, (values: EditValues) => ({
  amount: typedAmount(values.amount),
  description: values.description,
}));

/** Amount and description of the occurrences still to come; requests already made keep theirs. */
export function EditSeriesDialog({ series, onClose }: { series: RecurringSeries; onClose: () => void }) {
  const update = useUpdateRecurring();
  const { i18n } = useLingui();
  const { bind, submit, fail } = useSchemaForm({
    schema: EditSchema,
    defaultValues: { amount: series.amount, description: series.description ?? "" },
    fields: ["amount", "description"],
    // The message under the focused field tells it: the dialog hides the page's toasts.
    tell: () => {},
  });
  const onSubmit = submit((change) =>
    update.mutate(
      { id: series.id, change },
      {
        onSuccess: () => {
          toast({
            title: i18n._("Saved"),
            description: i18n._("Future requests of this series use the new amount and description."),
          });
          onClose();
        },
        onError: (error) => fail(i18n._("Not saved"), error),
      },
    ),
  );
  return (
    <Dialog
      title={i18n._("Change future requests to {name}", { name: series.recipientName })}
      description={i18n._("Requests already made keep what they ask for.")}
      onClose={onClose}
      holdsInput
    >
      <Form onSubmit={onSubmit} className="space-y-5">
        <FormField label={i18n._("Amount")} name="amount" inputMode="decimal" {...bind("amount")} />
        <FormField label={i18n._("Description")} name="description" {...bind("description")} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {i18n._("Save")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
