import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef } from "react";
import { Field } from "#client/components/ui/field.tsx";
import { CONFIRM_FIRST_HINT } from "#client/features/account/account.ts";
import { cn } from "#client/lib/cn.ts";
import { oneYearAfter } from "#shared/schedule/due-date.ts";
import { defaultReminderDays, MAX_REMINDERS } from "#shared/schedule/reminders.ts";
import type { SendBy } from "#shared/schemas/payment-request.ts";
import { deviceToday } from "./chase-line";
import { ReminderDayInputs } from "./reminder-day-inputs";

/**
 * The chasing part of Request Payment and Split (docs/decisions/024-chasing.md), as one controlled value:
 * a due date, the payer's email, how the request goes out, and the reminder schedule.
 */
export type ChaseValue = {
  /** "YYYY-MM-DD", or "" for no due date. */
  dueDate: string;
  /** "" for none. */
  payerEmail: string;
  sendBy: SendBy;
  /** "default": the requester's default (or the rule); "none": no reminders; "custom": `reminderDays`. */
  reminders: "default" | "none" | "custom";
  /** Up to 4 day offsets, used when `reminders` is "custom". */
  reminderDays: number[];
};

export const EMPTY_CHASE: ChaseValue = {
  dueDate: "",
  payerEmail: "",
  sendBy: "text",
  reminders: "default",
  reminderDays: [],
};

/** The fields of POST /api/payment-requests (and `dueDate` of POST /api/splits) this value stands for. */
export function chasePayload(value: ChaseValue): {
  dueDate?: string;
  payerEmail?: string;
  sendBy: SendBy;
  reminderDays?: number[];
} {
  const email = value.payerEmail.trim();
  return {
    ...(value.dueDate ? { dueDate: value.dueDate } : {}),
    ...(email ? { payerEmail: email } : {}),
    sendBy: email ? value.sendBy : "text",
    ...(value.reminders === "none" ? { reminderDays: [] } : {}),
    ...(value.reminders === "custom" ? { reminderDays: value.reminderDays } : {}),
  };
}

/** The fields of the section, as the API names them in a refusal ("payerEmail: …"). */
export const CHASE_FIELDS = ["dueDate", "payerEmail", "reminderDays"] as const;
export type ChaseErrors = Partial<Record<(typeof CHASE_FIELDS)[number], string>>;

export type ChaseFieldsProps = {
  value: ChaseValue;
  onChange: (next: ChaseValue) => void;
  /** Messages from the shared schema (or the server's 400), by field: the first one marked is focused. */
  errors?: ChaseErrors;
  /** The account's address is not confirmed yet: the payer's email says so (Collect would refuse it). */
  confirmFirst?: boolean;
  /** Hide the payer email and send choice (a split asks each share's email elsewhere). */
  dueDateOnly?: boolean;
  /** The requester's today (YYYY-MM-DD); the device's by default. */
  today?: string;
  /** The requester's own default days (Profile → Notifications); null or absent: the rule. */
  ownDefault?: number[] | null;
  /**
   * The form's ref for each field (useSchemaForm's `refOf`, client/lib/schema-form.ts): the form
   * then focuses the first bad one on a submit, and the section does not on each new message.
   */
  fieldRef?: (field: "dueDate" | "reminderDays") => (element: HTMLElement | null) => void;
};

const SEND_CHOICES: { value: SendBy; label: string }[] = [
  { value: "text", label: /*i18n*/ "Text from my phone" },
  { value: "email", label: /*i18n*/ "Email from Collect" },
  { value: "both", label: /*i18n*/ "Both" },
];

const SCHEDULES: { value: ChaseValue["reminders"]; label: string }[] = [
  { value: "default", label: /*i18n*/ "Default" },
  { value: "none", label: /*i18n*/ "No reminders" },
  { value: "custom", label: /*i18n*/ "Choose days" },
];

const dayWords = (days: number[], i18n: I18n) =>
  days
    .map((d) => (d === 0 ? i18n._("on the day") : i18n._("{d, plural, one {# day} other {# days}}", { d })))
    .join(", ");

function ErrorText({ id, message }: { id: string; message?: string }) {
  const { i18n } = useLingui();
  return message ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
      {i18n._(message)}
    </p>
  ) : null;
}

function Choices<T extends string>({
  legend,
  name,
  options,
  selected,
  onSelect,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  selected: T;
  onSelect: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-medium ring-1 ring-inset",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600",
              selected === option.value
                ? "bg-emerald-50 text-emerald-900 ring-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400"
                : "bg-white text-slate-800 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={selected === option.value}
              onChange={() => onSelect(option.value)}
              className="size-4 accent-emerald-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Due date, payer email, "Text from my phone" / "Email from Collect" / both, and reminders:
 * default, none, or up to 4 day offsets. Controlled: the form keeps `value` and sends
 * `chasePayload(value)` with the request.
 */
export function ChaseFields({
  value,
  onChange,
  errors = {},
  dueDateOnly = false,
  today,
  ownDefault,
  confirmFirst = false,
  fieldRef,
}: ChaseFieldsProps) {
  const { i18n } = useLingui();
  const id = useId();
  const section = useRef<HTMLDivElement>(null);
  // A new refusal moves focus to the field it is about, as the form's own fields do.
  useEffect(() => {
    if (!fieldRef && Object.keys(errors).length > 0)
      section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, fieldRef]);
  const day = today ?? deviceToday();
  const set = (patch: Partial<ChaseValue>) => onChange({ ...value, ...patch });
  const hasEmail = value.payerEmail.trim() !== "";
  const rule = ownDefault ?? defaultReminderDays(value.dueDate !== "");
  return (
    <div ref={section} className="space-y-4">
      <div>
        <Field
          type="date"
          label={i18n._("Due date")}
          labelAside={
            <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._("(optional)")}</span>
          }
          min={day}
          max={oneYearAfter(day)}
          value={value.dueDate}
          onValueChange={(dueDate) => set({ dueDate })}
          error={errors.dueDate}
          ref={fieldRef?.("dueDate")}
        />
      </div>
      {dueDateOnly ? null : (
        <>
          <div>
            <Field
              type="email"
              autoComplete="off"
              inputMode="email"
              label={i18n._("Payer's email")}
              labelAside={
                <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._("(optional)")}</span>
              }
              hint={
                confirmFirst
                  ? i18n._(CONFIRM_FIRST_HINT)
                  : i18n._("Collect can email the request, reminders and a receipt.")
              }
              value={value.payerEmail}
              onValueChange={(payerEmail) => set({ payerEmail })}
              error={errors.payerEmail}
            />
          </div>
          {hasEmail ? (
            <Choices
              legend={i18n._("Send the request")}
              name={`${id}-send`}
              options={SEND_CHOICES.map((c) => ({ ...c, label: i18n._(c.label) }))}
              selected={value.sendBy}
              onSelect={(sendBy) => set({ sendBy })}
            />
          ) : null}
        </>
      )}
      <ReminderChoice
        value={value}
        onChange={(patch) => set(patch)}
        dueDated={value.dueDate !== ""}
        rule={rule}
        error={errors.reminderDays}
        fieldRef={fieldRef?.("reminderDays")}
      />
    </div>
  );
}

/**
 * Reminders: the default (the account's, else the rule), none, or up to 4 chosen day offsets
 * after the due date (or after sending). Request Payment, Split and a recurring series use it.
 */
export function ReminderChoice({
  value,
  onChange,
  dueDated,
  rule,
  error,
  fieldRef,
}: {
  value: Pick<ChaseValue, "reminders" | "reminderDays">;
  onChange: (next: Pick<ChaseValue, "reminders" | "reminderDays">) => void;
  /** Whether the days count from a due date (else from when the request goes out). */
  dueDated: boolean;
  /** What "Default" stands for. */
  rule: number[];
  error?: string;
  /** The days' first box stands for them all: focused when they are refused. */
  fieldRef?: (element: HTMLElement | null) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const daysError = `${id}-days-error`;
  const set = (patch: Partial<Pick<ChaseValue, "reminders" | "reminderDays">>) =>
    onChange({ ...value, ...patch });
  const setDay = (index: number, text: string) => {
    const days = [...value.reminderDays];
    const n = Number.parseInt(text, 10);
    if (text === "" || Number.isNaN(n)) days.splice(index, 1);
    else days[index] = n;
    set({ reminderDays: days });
  };
  return (
    <>
      <Choices
        legend={i18n._("Reminders")}
        name={`${id}-reminders`}
        options={SCHEDULES.map((s) =>
          s.value === "default"
            ? {
                ...s,
                label:
                  rule.length === 0
                    ? i18n._("Default (no reminders)")
                    : dueDated
                      ? i18n._("Default ({days} after the due date)", { days: dayWords(rule, i18n) })
                      : i18n._("Default ({days} after sending)", { days: dayWords(rule, i18n) }),
              }
            : { ...s, label: i18n._(s.label) },
        )}
        selected={value.reminders}
        onSelect={(reminders) =>
          set({
            reminders,
            reminderDays:
              reminders === "custom" && value.reminderDays.length === 0 ? rule : value.reminderDays,
          })
        }
      />
      {value.reminders === "custom" ? (
        // The days' first box stands for them all: focused when they are refused.
        <div ref={fieldRef && ((div) => fieldRef(div?.querySelector("input") ?? null))}>
          <ReminderDayInputs
            legend={
              dueDated
                ? i18n._("Days after the due date (up to {max})", { max: MAX_REMINDERS })
                : i18n._("Days after sending (up to {max})", { max: MAX_REMINDERS })
            }
            label={i18n._("Reminder")}
            days={value.reminderDays}
            onDayChange={setDay}
            errorId={error ? daysError : undefined}
          />
          <ErrorText id={daysError} message={error} />
        </div>
      ) : null}
    </>
  );
}
