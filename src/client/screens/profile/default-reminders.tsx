import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useUpdateNotificationSettings } from "#client/features/notifications/api.ts";
import { ReminderDayInputs } from "#client/features/payment-requests/reminder-day-inputs.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { defaultReminderDays, MAX_REMINDERS, ReminderDaysSchema } from "#shared/schedule/reminders.ts";

type Choice = "rule" | "none" | "custom";

const CHOICES: { value: Choice; label: string }[] = [
  { value: "rule", label: /*i18n*/ "Collect's schedule" },
  { value: "none", label: /*i18n*/ "No reminders" },
  { value: "custom", label: /*i18n*/ "Choose days" },
];

const choiceOf = (days: number[] | null): Choice =>
  days === null ? "rule" : days.length === 0 ? "none" : "custom";

/**
 * Profile → Notifications: the reminder days new requests get unless Request Payment says
 * otherwise. Checked by the shared schema before it is sent, as the server checks it.
 */
export function DefaultReminders({ reminderDays }: { reminderDays: number[] | null }) {
  const { i18n } = useLingui();
  const id = useId();
  const update = useUpdateNotificationSettings();
  const [choice, setChoice] = useState<Choice>(choiceOf(reminderDays));
  const [days, setDays] = useState<string[]>(
    Array.from({ length: MAX_REMINDERS }, (_, i) => {
      const day = (reminderDays ?? defaultReminderDays(false))[i];
      return day === undefined ? "" : String(day);
    }),
  );
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function save() {
    let value: number[] | null = null;
    if (choice === "none") value = [];
    if (choice === "custom") {
      const parsed = ReminderDaysSchema.safeParse(
        days.filter((text) => text.trim() !== "").map((text) => Number(text)),
      );
      if (!parsed.success) {
        // The shared schema's sentence, in the app's language.
        const message = parsed.error.issues[0]?.message;
        setError(message ? i18n._(message) : i18n._("Check the reminder days."));
        return;
      }
      if (parsed.data.length === 0) {
        setError(i18n._("Choose at least one day, or No reminders."));
        return;
      }
      value = parsed.data;
    }
    setError(null);
    update.mutate(
      { reminderDays: value },
      {
        onSuccess: () =>
          toast({ title: i18n._("Reminders saved"), description: i18n._("New requests will use them.") }),
        onError: (failure) => showMutationError(i18n._("Reminders not saved"), failure),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Reminders for new requests")}
      </h3>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._(
          "Collect's schedule: on the due date and 3 days after, or 3 and 7 days after sending when there is no due date. You can still change it on each request.",
        )}
      </p>
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="sr-only">{i18n._("Reminders for new requests")}</legend>
        <div className="flex flex-wrap gap-3">
          {CHOICES.map((option) => (
            <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-choice`}
                value={option.value}
                checked={choice === option.value}
                onChange={() => {
                  setChoice(option.value);
                  setError(null);
                }}
                className="size-4 accent-emerald-700"
              />
              {i18n._(option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === "custom" ? (
        <ReminderDayInputs
          legend={i18n._("Days after the due date, or after sending (up to {max})", { max: MAX_REMINDERS })}
          label={i18n._("Default reminder")}
          days={days}
          onDayChange={(i, text) => {
            const next = [...days];
            next[i] = text;
            setDays(next);
            setError(null);
          }}
          errorId={error ? errorId : undefined}
        />
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" disabled={update.isPending} onClick={save}>
        {i18n._("Save reminders")}
      </Button>
    </section>
  );
}
