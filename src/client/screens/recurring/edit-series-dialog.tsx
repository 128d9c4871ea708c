import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { useUpdateRecurring } from "#client/features/recurring/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { typedAmount } from "#shared/money.ts";
import { AmountSchema, DescriptionSchema } from "#shared/schemas/payment-request.ts";
import type { RecurringSeries } from "#shared/schemas/recurring.ts";
import { FormField } from "./form-fields";

const EditSchema = z.object({
  amount: z.string().transform(typedAmount).pipe(AmountSchema),
  description: DescriptionSchema,
});

/** Amount and description of the occurrences still to come; requests already made keep theirs. */
export function EditSeriesDialog({ series, onClose }: { series: RecurringSeries; onClose: () => void }) {
  const update = useUpdateRecurring();
  const form = useForm<z.input<typeof EditSchema>, unknown, z.output<typeof EditSchema>>({
    resolver: zodResolver(EditSchema),
    defaultValues: { amount: series.amount, description: series.description ?? "" },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { id: series.id, change: values },
      {
        onSuccess: () => {
          toast({
            title: "Saved",
            description: "Future requests of this series use the new amount and description.",
          });
          onClose();
        },
        onError: (error) => showMutationError("Not saved", error),
      },
    ),
  );
  return (
    <Dialog
      title={`Change future requests to ${series.recipientName}`}
      description="Requests already made keep what they ask for."
      onClose={onClose}
      holdsInput
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField
          label="Amount"
          inputMode="decimal"
          registration={form.register("amount")}
          error={errors.amount?.message}
        />
        <FormField
          label="Description"
          registration={form.register("description")}
          error={errors.description?.message}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
