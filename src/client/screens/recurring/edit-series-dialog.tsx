import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Form } from "#client/components/ui/form.tsx";
import type { ChaseValue } from "#client/features/payment-requests/chase-fields.tsx";
import { useUpdateRecurring } from "#client/features/recurring/api.ts";
import { formSchema, useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { formatPhone } from "#shared/phone.ts";
import { decimalMarkOf } from "#shared/region.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import {
  type RecurringSeries,
  type RecurringUpdate,
  recurringUpdateIn,
  type SendAhead,
  sendAheadOf,
} from "#shared/schemas/recurring.ts";
import { typedAmount } from "#shared/typed-amount.ts";
import { FormField, SendAheadSelect, SeriesPersonFields, SeriesReminderChoice } from "./form-fields";

type EditValues = {
  recipientName: string;
  recipientPhone: string;
  payerEmail: string;
  amount: string;
  description: string;
  sendAhead: SendAhead;
  /** The account's default (null on the series), none ([]), or the series' own days. */
  reminders: ChaseValue["reminders"];
  reminderDays: number[];
};

const EDIT_FIELDS = [
  "recipientName",
  "recipientPhone",
  "payerEmail",
  "amount",
  "description",
  "reminderDays",
] as const;

/** What the series has now, as the form holds it. */
const valuesOf = (series: RecurringSeries): EditValues => ({
  recipientName: series.recipientName,
  recipientPhone: formatPhone(series.recipientPhone),
  payerEmail: series.payerEmail ?? "",
  amount: series.amount,
  description: series.description ?? "",
  sendAhead: sendAheadOf(series.sendDaysBefore),
  reminders: series.reminderDays === null ? "default" : series.reminderDays.length === 0 ? "none" : "custom",
  reminderDays: series.reminderDays ?? [],
});

/** Whether a field still holds what the series has (the days compared by value). */
const same = (values: EditValues, before: EditValues, key: keyof EditValues) =>
  JSON.stringify(values[key]) === JSON.stringify(before[key]);

/** The series' reminder days as the form says them: null for the default, [] for none. */
const reminderDaysOf = (values: EditValues): number[] | null =>
  values.reminders === "default" ? null : values.reminders === "none" ? [] : values.reminderDays;

/**
 * PATCH /api/recurring-requests/{id}'s own schema over what changed (the amount as typed the
 * account's way): a field left as it was is not sent, so an unconfirmed account can still change
 * the amount of a series that emails its payer.
 */
function editSchemaFor(series: RecurringSeries, region: InputRegion) {
  const before = valuesOf(series);
  return formSchema(recurringUpdateIn(region), (values: EditValues): RecurringUpdate => {
    const changed = (key: keyof EditValues) => !same(values, before, key);
    return {
      ...(changed("recipientName") ? { recipientName: values.recipientName } : {}),
      ...(changed("recipientPhone") ? { recipientPhone: values.recipientPhone } : {}),
      ...(changed("payerEmail") ? { payerEmail: values.payerEmail } : {}),
      ...(changed("amount") ? { amount: typedAmount(values.amount, decimalMarkOf(region.country)) } : {}),
      ...(changed("description") ? { description: values.description } : {}),
      ...(changed("sendAhead")
        ? { sendDaysBefore: values.sendAhead === "" ? null : Number(values.sendAhead) }
        : {}),
      ...(changed("reminders") || changed("reminderDays") ? { reminderDays: reminderDaysOf(values) } : {}),
    };
  });
}

/**
 * Every field of the occurrences still to come: who (name, phone, email), what (amount,
 * description) and the due date's days ahead. Requests already made keep theirs.
 */
export function EditSeriesDialog({
  series,
  onClose,
  region = US_INPUT,
}: {
  series: RecurringSeries;
  onClose: () => void;
  region?: InputRegion;
}) {
  const update = useUpdateRecurring();
  const { i18n } = useLingui();
  const schema = useMemo(() => editSchemaFor(series, region), [series, region]);
  const { values, bind, set, submit, fail, errorOf } = useSchemaForm({
    schema,
    defaultValues: valuesOf(series),
    fields: EDIT_FIELDS,
    // The message under the focused field tells it: the dialog hides the page's toasts.
    tell: () => {},
  });
  const save = submit((change) =>
    update.mutate(
      { id: series.id, change },
      {
        onSuccess: () => {
          toast({
            title: i18n._("Saved"),
            description: i18n._("Future requests of this series follow the change."),
          });
          onClose();
        },
        onError: (error) => fail(i18n._("Not saved"), error),
      },
    ),
  );
  // Nothing changed: nothing to send (the API answers an empty change with a 400).
  const before = valuesOf(series);
  const onSubmit = () =>
    (Object.keys(before) as (keyof EditValues)[]).every((key) => same(values, before, key))
      ? onClose()
      : save();
  return (
    <Dialog
      title={i18n._("Change future requests to {name}", { name: series.recipientName })}
      description={i18n._("Requests already made keep what they ask for.")}
      onClose={onClose}
      holdsInput
    >
      <Form onSubmit={onSubmit} className="space-y-5">
        <SeriesPersonFields bind={bind} />
        <FormField label={i18n._("Amount")} name="amount" inputMode="decimal" {...bind("amount")} />
        <FormField label={i18n._("Description")} name="description" {...bind("description")} />
        <SendAheadSelect value={values.sendAhead} onChange={(value) => set("sendAhead", value)} />
        <SeriesReminderChoice
          values={values}
          sendAhead={values.sendAhead}
          onChange={(next) => {
            set("reminders", next.reminders);
            set("reminderDays", next.reminderDays);
          }}
          error={errorOf("reminderDays")}
        />
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
