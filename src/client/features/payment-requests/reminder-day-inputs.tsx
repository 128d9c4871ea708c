import { useLingui } from "@lingui/react";
import { useId } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { MAX_REMINDER_DAY, MAX_REMINDERS } from "#shared/schedule/reminders.ts";

type ReminderDayInputsProps = {
  /** The fieldset's visible legend. */
  legend: string;
  /** Each box's hidden label, numbered: "{label} 1, days". */
  label: string;
  /** What each box holds ("" for an empty one); up to MAX_REMINDERS. */
  days: readonly (number | string)[];
  /** The box `index` now holds `text`. */
  onDayChange: (index: number, text: string) => void;
  /** The id of the message that says what is wrong with the days, when something is. */
  errorId?: string;
  className?: string;
};

/**
 * The four "days after" boxes of a reminder schedule: on Request Payment and Split, on a
 * request's own schedule, and in Profile's default for new requests.
 */
export function ReminderDayInputs({
  legend,
  label,
  days,
  onDayChange,
  errorId,
  className,
}: ReminderDayInputsProps) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <fieldset aria-describedby={errorId} className={className}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-1.5 grid max-w-sm grid-cols-4 gap-2">
        {Array.from({ length: MAX_REMINDERS }, (_, i) => {
          const inputId = `${id}-day-${i}`;
          return (
            <div key={inputId}>
              <Label htmlFor={inputId} className="sr-only">
                {i18n._("{label} {number}, days", { label, number: i + 1 })}
              </Label>
              <Input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_REMINDER_DAY}
                value={days[i] ?? ""}
                aria-invalid={errorId ? true : undefined}
                aria-errormessage={errorId}
                onChange={(event) => onDayChange(i, event.target.value)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
