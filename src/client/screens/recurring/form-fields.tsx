import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Input, type InputProps } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { notificationSettingsQuery } from "#client/features/notifications/api.ts";
import { type ChaseValue, ReminderChoice } from "#client/features/payment-requests/chase-fields.tsx";
import type { BoundField } from "#client/lib/schema-form.ts";
import { defaultReminderDays } from "#shared/schedule/reminders.ts";
import { SEND_AHEAD_CHOICES, type SendAhead } from "#shared/schemas/recurring.ts";

type FieldProps = Omit<InputProps, "id" | "value" | "onChange" | "ref"> &
  BoundField & {
    label: string;
    aside?: ReactNode;
    hint?: string;
  };

/**
 * A labelled input whose error is read out with it (aria-invalid, aria-describedby), bound to its
 * form by useSchemaForm's `bind` (client/lib/schema-form.ts).
 */
export function FormField({
  label,
  aside,
  hint,
  error,
  value,
  onValueChange,
  ref,
  className,
  ...props
}: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Input
        id={id}
        className="mt-1.5"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
      {/* The shared schema's or the server's sentence: an English id. */}
      {i18n._(error)}
    </p>
  );
}

/**
 * "Due date": none (each request is made on its date), or each date is the request's due date and
 * it goes out that morning or some days ahead (rent on the 1st, sent 5 days before).
 */
export function SendAheadSelect({
  value,
  onChange,
}: {
  value: SendAhead;
  onChange: (value: SendAhead) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const words = (choice: SendAhead) =>
    choice === ""
      ? i18n._("No due date: ask on each date")
      : choice === "0"
        ? i18n._("Due on each date: send that morning")
        : i18n._(
            "{days, plural, one {Due on each date: send # day before} other {Due on each date: send # days before}}",
            {
              days: Number(choice),
            },
          );
  return (
    <div>
      <Label htmlFor={id}>{i18n._("Due date")}</Label>
      <select
        id={id}
        name="sendAhead"
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value as SendAhead)}
      >
        {SEND_AHEAD_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {words(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Who a series asks: name, mobile number and the payer's optional email, the same on the new
 * series form and in Change. `emailHint` says what the email does (the new form's words).
 */
export function SeriesPersonFields({
  bind,
  emailHint,
}: {
  bind: (name: "recipientName" | "recipientPhone" | "payerEmail") => BoundField;
  emailHint?: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <FormField label={i18n._("Name")} name="recipientName" autoComplete="off" {...bind("recipientName")} />
      <FormField
        label={i18n._("Mobile phone")}
        name="recipientPhone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        {...bind("recipientPhone")}
      />
      <FormField
        label={i18n._("Payer's email")}
        aside={<span className="text-xs text-slate-500 dark:text-slate-400">{i18n._("(optional)")}</span>}
        {...(emailHint ? { hint: emailHint } : {})}
        name="payerEmail"
        type="email"
        autoComplete="off"
        {...bind("payerEmail")}
      />
    </>
  );
}

type SeriesReminders = Pick<ChaseValue, "reminders" | "reminderDays">;

/**
 * A series' reminders, on New recurring request and Change alike: the account's default (its own
 * days from Profile, else the rule), none, or the series' own days, counted from each due date
 * when the series has one (`sendAhead` set), else from the day each request goes out.
 */
export function SeriesReminderChoice({
  values,
  sendAhead,
  onChange,
  error,
}: {
  values: SeriesReminders;
  sendAhead: SendAhead;
  onChange: (next: SeriesReminders) => void;
  error?: string;
}) {
  const { data: settings } = useQuery(notificationSettingsQuery);
  const dueDated = sendAhead !== "";
  return (
    <ReminderChoice
      value={{ reminders: values.reminders, reminderDays: values.reminderDays }}
      onChange={onChange}
      dueDated={dueDated}
      rule={settings?.reminderDays ?? defaultReminderDays(dueDated)}
      error={error}
    />
  );
}
