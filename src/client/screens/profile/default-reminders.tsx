import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useUpdateNotificationSettings } from "#client/features/notifications/api.ts";
import { ReminderDayInputs } from "#client/features/payment-requests/reminder-day-inputs.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { defaultReminderDays, MAX_REMINDERS, ReminderDaysSchema } from "#shared/schedule/reminders.ts";

type Choice = "rule" | "none" | "custom";

const CHOICES: { value: Choice; label: string }[] = [
  { value: "rule", label: "Collect's schedule" },
  { value: "none", label: "No reminders" },
  { value: "custom", label: "Choose days" },
];

const choiceOf = (days: number[] | null): Choice =>
  days === null ? "rule" : days.length === 0 ? "none" : "custom";

/**
 * Profile → Notifications: the reminder days new requests get unless Request Payment says
 * otherwise. Checked by the shared schema before it is sent, as the server checks it.
 */
export function DefaultReminders({ reminderDays }: { reminderDays: number[] | null }) {
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
        setError(parsed.error.issues[0]?.message ?? "Check the reminder days.");
        return;
      }
      if (parsed.data.length === 0) {
        setError("Choose at least one day, or No reminders.");
        return;
      }
      value = parsed.data;
    }
    setError(null);
    update.mutate(
      { reminderDays: value },
      {
        onSuccess: () => toast({ title: "Reminders saved", description: "New requests will use them." }),
        onError: (failure) => showMutationError("Reminders not saved", failure),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-slate-100">
        Reminders for new requests
      </h3>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        Collect's schedule: on the due date and 3 days after, or 3 and 7 days after sending when there is no
        due date. You can still change it on each request.
      </p>
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="sr-only">Reminders for new requests</legend>
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
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === "custom" ? (
        <ReminderDayInputs
          legend={`Days after the due date, or after sending (up to ${MAX_REMINDERS})`}
          label="Default reminder"
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
        Save reminders
      </Button>
    </section>
  );
}
