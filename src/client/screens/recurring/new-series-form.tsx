import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { useKeepDraft } from "#client/components/ui/dialog.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { CONFIRM_FIRST_HINT, usePayerMailNeedsConfirm } from "#client/features/account/account.ts";
import { createRecurring } from "#client/features/recurring/api.ts";
import { type RecurringDraft, recurringDraftState } from "#client/features/recurring/draft.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import {
  type RecurringFormOutput,
  type RecurringFormValues,
  recurringFormSchemaFor,
  toRecurringInput,
} from "#shared/schemas/recurring.ts";
import { FieldError, FormField } from "./form-fields";

const browserToday = () => localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

const selectClass =
  "mt-1.5 block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-3 focus:ring-emerald-600/20 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/**
 * "New recurring request": the shared schema checks every field inline, as the server will.
 * `draft` fills it (Request Payment's "Repeat this request", or what a reload found: every change
 * is kept in the dialog's history entry).
 */
export function NewSeriesForm({ onDone, draft }: { onDone: () => void; draft?: RecurringDraft | null }) {
  const today = useMemo(browserToday, []);
  const confirmFirst = usePayerMailNeedsConfirm();
  const form = useForm<RecurringFormValues, unknown, RecurringFormOutput>({
    resolver: zodResolver(recurringFormSchemaFor(today)),
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
      // Kept from a day since passed (a tab reloaded the next morning): today, as the form opens.
      startDate: draft?.startDate && draft.startDate >= today ? draft.startDate : today,
    },
    shouldFocusError: true,
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const endMode = watch("endMode");
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
        }),
      ),
    );
    return () => watching.unsubscribe();
  }, [form, keep]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const series = await createRecurring(toRecurringInput(values));
      toast({
        title: "Recurring request started",
        description: `${series.recipientName}: ${formatMoney(series.amount)}, first on ${shortDate(series.nextDate ?? series.startDate, today)}.`,
      });
      onDone();
    } catch (error) {
      showMutationError("Recurring request not started", error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      aria-busy={formState.isSubmitting}
    >
      <FormField
        label="Name"
        autoComplete="off"
        registration={register("recipientName")}
        error={errors.recipientName?.message}
      />
      <FormField
        label="Mobile phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        registration={register("recipientPhone")}
        error={errors.recipientPhone?.message}
      />
      <FormField
        label="Payer's email"
        aside={<span className="text-xs text-slate-500 dark:text-slate-400">(optional)</span>}
        hint={
          confirmFirst
            ? CONFIRM_FIRST_HINT
            : "With an email, Collect emails each request. Without one, Collect tells you when it's ready to text."
        }
        type="email"
        autoComplete="off"
        registration={register("payerEmail")}
        error={errors.payerEmail?.message}
      />
      <FormField
        label="Amount"
        inputMode="decimal"
        placeholder="0.00"
        registration={register("amount")}
        error={errors.amount?.message}
      />
      <FormField
        label="Description"
        placeholder="Rent, lessons, club dues"
        registration={register("description")}
        error={errors.description?.message}
      />
      <div>
        <Label htmlFor={ids.frequency}>Repeat</Label>
        <select id={ids.frequency} className={selectClass} {...register("frequency")}>
          <option value="weekly">Every week</option>
          <option value="biweekly">Every 2 weeks</option>
          <option value="monthly">Monthly on the start date's day</option>
        </select>
      </div>
      <FormField
        label="Start date"
        type="date"
        min={today}
        hint="Each request is made at 9:00 on its date."
        registration={register("startDate")}
        error={errors.startDate?.message}
      />
      <fieldset aria-describedby={errors.count || errors.endDate ? `${ids.end}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Ends</legend>
        <div className="mt-2 space-y-2">
          {(
            [
              ["never", "When I stop it"],
              ["date", "On a date"],
              ["count", "After a number of times"],
            ] as const
          ).map(([value, text]) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-3 text-base text-slate-800 dark:text-slate-200"
            >
              <input
                type="radio"
                value={value}
                className="size-5 accent-emerald-600"
                {...register("endMode")}
              />
              {text}
            </label>
          ))}
        </div>
        {endMode === "date" ? (
          <FormField
            className="mt-3"
            label="Last date"
            type="date"
            min={today}
            registration={register("endDate")}
            error={errors.endDate?.message}
          />
        ) : null}
        {endMode === "count" ? (
          <FormField
            className="mt-3"
            label="Number of times"
            inputMode="numeric"
            registration={register("count")}
            error={errors.count?.message}
          />
        ) : null}
        {endMode === "never" ? <FieldError id={`${ids.end}-error`} error={errors.count?.message} /> : null}
      </fieldset>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? <Spinner /> : null}
        Start recurring request
      </Button>
    </form>
  );
}
