import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { notificationSettingsQuery } from "#client/features/notifications/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import { dueDateProblem } from "#shared/schedule/due-date.ts";
import { ReminderDaysSchema } from "#shared/schedule/reminders.ts";
import type { PaymentRequest, PaymentRequestUpdate } from "#shared/schemas/payment-request.ts";
import { useChangeSchedule } from "./api";
import { ChaseFields, type ChaseValue, EMPTY_CHASE } from "./chase-fields";
import { deviceToday } from "./chase-line";

type ScheduleErrors = Partial<Record<"dueDate" | "reminderDays", string>>;

/** The form's value for what the request has now. */
export function scheduleValueOf(request: Pick<PaymentRequest, "dueDate" | "reminderDays">): ChaseValue {
  const days = request.reminderDays;
  return {
    ...EMPTY_CHASE,
    dueDate: request.dueDate ?? "",
    reminders: days === null ? "default" : days.length === 0 ? "none" : "custom",
    reminderDays: days ?? [],
  };
}

/**
 * What PATCH /api/payment-requests/{id} is sent: only what changed (an overdue due date left as it
 * is stays, though it could not be set today), checked by the shared rules first. `changes` is
 * null when nothing changed.
 */
export function scheduleChanges(
  request: Pick<PaymentRequest, "dueDate" | "reminderDays">,
  value: ChaseValue,
  today: string,
): { changes: PaymentRequestUpdate | null; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  const changes: PaymentRequestUpdate = {};
  const dueDate = value.dueDate || null;
  if (dueDate !== (request.dueDate ?? null)) {
    const problem = dueDate ? dueDateProblem(dueDate, today) : null;
    if (problem) errors.dueDate = problem;
    changes.dueDate = dueDate;
  }
  let days: number[] | null = null;
  if (value.reminders === "none") days = [];
  if (value.reminders === "custom") {
    const parsed = ReminderDaysSchema.safeParse(value.reminderDays);
    if (!parsed.success) errors.reminderDays = parsed.error.issues[0]?.message ?? "Check the reminder days.";
    else if (parsed.data.length === 0) errors.reminderDays = "Choose at least one day, or No reminders.";
    else days = parsed.data;
  }
  if (JSON.stringify(days) !== JSON.stringify(request.reminderDays)) changes.reminderDays = days;
  if (Object.keys(errors).length > 0) return { changes: null, errors };
  return { changes: Object.keys(changes).length > 0 ? changes : null, errors };
}

/**
 * "Reminders" on a pending request's card ("change it per request"): its due
 * date and its own reminder days — the requester's default, none, or up to four day offsets.
 */
export function ScheduleDialog({ request, onClose }: { request: PaymentRequest; onClose: () => void }) {
  const [value, setValue] = useState(() => scheduleValueOf(request));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const change = useChangeSchedule();
  const { data: settings } = useQuery(notificationSettingsQuery);
  const today = deviceToday();

  function save() {
    const { changes, errors: found } = scheduleChanges(request, value, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!changes) {
      onClose();
      return;
    }
    change.mutate(
      { id: request.id, changes },
      {
        onSuccess: () => {
          toast({ title: "Reminders saved", description: `For ${request.recipientName}'s request.` });
          onClose();
        },
        onError: (failure) => showMutationError("Reminders not saved", failure),
      },
    );
  }

  return (
    <Dialog
      title="Due date and reminders"
      description={`${formatMoney(request.amount)} from ${request.recipientName}`}
      onClose={onClose}
      holdsInput
    >
      <form
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <ChaseFields
          value={value}
          onChange={(next) => {
            setValue(next);
            setErrors({});
          }}
          errors={errors}
          dueDateOnly
          today={today}
          ownDefault={settings?.reminderDays}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {/* "Cancel", not a second "Close" beside the dialog's own X. */}
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
