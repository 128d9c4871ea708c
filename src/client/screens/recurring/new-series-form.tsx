import { useLingui } from "@lingui/react";
import { useEffect, useId, useMemo } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useKeepDraft } from "#client/components/ui/dialog.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { CONFIRM_FIRST_HINT, usePayerMailNeedsConfirm } from "#client/features/account/account.ts";
import { createRecurring } from "#client/features/recurring/api.ts";
import { type RecurringDraft, recurringDraftState } from "#client/features/recurring/draft.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { formatMoney } from "#shared/money.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import type { Frequency } from "#shared/schedule/recurrence.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import {
  type EndMode,
  type RecurringFormValues,
  recurringFormSchemaFor,
  toRecurringInput,
} from "#shared/schemas/recurring.ts";
import {
  FieldError,
  FormField,
  SendAheadSelect,
  SeriesPersonFields,
  SeriesReminderChoice,
} from "./form-fields";

const browserToday = () => localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The form's fields in the screen's order: the first bad one is focused. */
const FIELDS = [
  "recipientName",
  "recipientPhone",
  "payerEmail",
  "amount",
  "description",
  "frequency",
  "startDate",
  "endMode",
  "endDate",
  "count",
  "sendAhead",
  "reminderDays",
] as const satisfies readonly (keyof RecurringFormValues)[];

/**
 * "New recurring request": the shared schema checks every field inline, as the server will.
 * `draft` fills it (Request Payment's "Repeat this request", or what a reload found: every change
 * is kept in the dialog's history entry).
 */
export function NewSeriesForm({
  onDone,
  draft,
  region = US_INPUT,
}: {
  onDone: () => void;
  draft?: RecurringDraft | null;
  /** How the account's country reads numbers and amounts (features/account/input-region.tsx). */
  region?: InputRegion;
}) {
  const today = useMemo(browserToday, []);
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  const confirmFirst = usePayerMailNeedsConfirm();
  const schema = useMemo(() => recurringFormSchemaFor(today, region), [today, region]);
  const { form, values, bind, set, submit, fail } = useSchemaForm({
    schema,
    defaultValues: {
      recipientName: "",
      recipientPhone: "",
      payerEmail: "",
      amount: "",
      description: "",
      frequency: "monthly",
      endMode: "never",
      endDate: "",
      count: "",
      ...draft,
      sendAhead: draft?.sendAhead ?? "",
      reminders: draft?.reminders ?? "default",
      reminderDays: draft?.reminderDays ?? [],
      // Kept from a day since passed (a tab reloaded the next morning): today, as the form opens.
      startDate: draft?.startDate && draft.startDate >= today ? draft.startDate : today,
    } satisfies RecurringFormValues,
    fields: FIELDS,
    // The message under the focused field tells it: the dialog hides the page's toasts.
    tell: () => {},
  });
  const { formState } = form;
  const errors = formState.errors;
  const endMode = values.endMode;
  const ids = { frequency: useId(), end: useId() };
  const keep = useKeepDraft();
  useEffect(() => {
    const watching = form.watch((values) =>
      keep(
        recurringDraftState({
          recipientName: values.recipientName ?? "",
          recipientPhone: values.recipientPhone ?? "",
          payerEmail: values.payerEmail ?? "",
          amount: values.amount ?? "",
          description: values.description ?? "",
          frequency: values.frequency,
          startDate: values.startDate,
          endMode: values.endMode,
          endDate: values.endDate,
          count: values.count,
          sendAhead: values.sendAhead,
          reminders: values.reminders,
          reminderDays: values.reminderDays?.filter((d): d is number => typeof d === "number"),
        }),
      ),
    );
    return () => watching.unsubscribe();
  }, [form, keep]);

  const onSubmit = submit(async (checked) => {
    try {
      const series = await createRecurring({ ...toRecurringInput(checked), currency: region.currency });
      toast({
        title: i18n._("Recurring request started"),
        description: i18n._("{name}: {amount}, first on {date}.", {
          name: series.recipientName,
          amount: formatMoney(series.amount, series.currency, intlLocale),
          date: shortDate(series.nextDate ?? series.startDate, today, intlLocale),
        }),
      });
      onDone();
    } catch (error) {
      // The server's sentence in a toast, and on the field it is about (docs/product.md#errors).
      fail(i18n._("Recurring request not started"), error);
    }
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-5" busy={formState.isSubmitting}>
      <SeriesPersonFields
        bind={bind}
        emailHint={
          confirmFirst
            ? i18n._(CONFIRM_FIRST_HINT)
            : i18n._(
                "With an email, Collect emails each request. Without one, Collect tells you when it's ready to text.",
              )
        }
      />
      <FormField
        label={i18n._("Amount")}
        name="amount"
        inputMode="decimal"
        placeholder="0.00"
        {...bind("amount")}
      />
      <FormField
        label={i18n._("Description")}
        name="description"
        placeholder={i18n._("Rent, lessons, club dues")}
        {...bind("description")}
      />
      <div>
        <Label htmlFor={ids.frequency}>{i18n._("Repeat")}</Label>
        <select
          id={ids.frequency}
          name="frequency"
          className={selectClass}
          value={values.frequency}
          onChange={(event) => set("frequency", event.target.value as Frequency)}
        >
          <option value="weekly">{i18n._("Every week")}</option>
          <option value="biweekly">{i18n._("Every 2 weeks")}</option>
          <option value="monthly">{i18n._("Monthly on the start date's day")}</option>
        </select>
      </div>
      <FormField
        label={i18n._("Start date")}
        name="startDate"
        type="date"
        min={today}
        hint={
          values.sendAhead === ""
            ? i18n._("Each request is made at 9:00 on its date.")
            : i18n._("Each date is a due date; its request goes out at 9:00 ahead of it.")
        }
        {...bind("startDate")}
      />
      <SendAheadSelect value={values.sendAhead} onChange={(value) => set("sendAhead", value)} />
      {/* Each occurrence's reminders: the account's default, none, or the series' own days. */}
      <SeriesReminderChoice
        values={values}
        sendAhead={values.sendAhead}
        onChange={(next) => {
          set("reminders", next.reminders);
          set("reminderDays", next.reminderDays);
        }}
        error={errors.reminderDays?.message}
      />
      <fieldset aria-describedby={errors.count || errors.endDate ? `${ids.end}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{i18n._("Ends")}</legend>
        <div className="mt-2 space-y-2">
          {(
            [
              ["never", i18n._("When I stop it")],
              ["date", i18n._("On a date")],
              ["count", i18n._("After a number of times")],
            ] as const
          ).map(([value, text]) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-3 text-base text-slate-800 dark:text-slate-200"
            >
              <input
                type="radio"
                name="endMode"
                value={value}
                checked={endMode === value}
                onChange={() => set("endMode", value satisfies EndMode)}
                className="size-5 accent-emerald-600"
              />
              {text}
            </label>
          ))}
        </div>
        {endMode === "date" ? (
          <FormField
            className="mt-3"
            label={i18n._("Last date")}
            name="endDate"
            type="date"
            min={today}
            {...bind("endDate")}
          />
        ) : null}
        {endMode === "count" ? (
          <FormField
            className="mt-3"
            label={i18n._("Number of times")}
            name="count"
            inputMode="numeric"
            {...bind("count")}
          />
        ) : null}
        {endMode === "never" ? <FieldError id={`${ids.end}-error`} error={errors.count?.message} /> : null}
      </fieldset>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? <Spinner /> : null}
        {i18n._("Start recurring request")}
      </Button>
    </Form>
  );
}
