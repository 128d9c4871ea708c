import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { notificationSettingsQuery } from "#client/features/notifications/api.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
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
    if (!parsed.success)
      errors.reminderDays = parsed.error.issues[0]?.message ?? /*i18n*/ "Check the reminder days.";
    else if (parsed.data.length === 0)
      errors.reminderDays = /*i18n*/ "Choose at least one day, or No reminders.";
    else days = parsed.data;
  }
  if (JSON.stringify(days) !== JSON.stringify(request.reminderDays)) changes.reminderDays = days;
  if (Object.keys(errors).length > 0) return { changes: null, errors };
  return { changes: Object.keys(changes).length > 0 ? changes : null, errors };
}

/**
 * The dialog's schema over what it holds: the shared rules (`scheduleChanges`) on what changed,
 * each message on its field; the output is what PATCH /api/payment-requests/{id} is sent, or null
 * when nothing changed.
 */
export function scheduleSchema(request: Pick<PaymentRequest, "dueDate" | "reminderDays">, today: string) {
  return z.custom<ChaseValue>().transform((value, ctx): PaymentRequestUpdate | null => {
    const { changes, errors } = scheduleChanges(request, value, today);
    const found = Object.entries(errors);
    for (const [field, message] of found) ctx.addIssue({ code: "custom", message, path: [field] });
    return found.length > 0 ? z.NEVER : changes;
  });
}

const SCHEDULE_FIELDS = ["dueDate", "reminderDays"] as const;

/**
 * "Reminders" on a pending request's card ("change it per request"): its due
 * date and its own reminder days — the requester's default, none, or up to four day offsets.
 */
export function ScheduleDialog({ request, onClose }: { request: PaymentRequest; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const change = useChangeSchedule();
  const { data: settings } = useQuery(notificationSettingsQuery);
  const today = deviceToday();
  const schema = useMemo(() => scheduleSchema(request, today), [request, today]);
  const { values, set, errorOf, refOf, submit, fail } = useSchemaForm({
    schema,
    defaultValues: scheduleValueOf(request),
    fields: SCHEDULE_FIELDS,
    // The message under the focused field tells it: the dialog hides the page's toasts.
    tell: () => {},
  });
  const errors: ScheduleErrors = { dueDate: errorOf("dueDate"), reminderDays: errorOf("reminderDays") };

  const save = submit((changes) => {
    if (!changes) {
      onClose();
      return;
    }
    change.mutate(
      { id: request.id, changes },
      {
        onSuccess: () => {
          toast({
            title: i18n._("Reminders saved"),
            description: i18n._("For {name}'s request.", { name: request.recipientName }),
          });
          onClose();
        },
        onError: (failure) => fail(i18n._("Reminders not saved"), failure),
      },
    );
  });

  return (
    <Dialog
      title={i18n._("Due date and reminders")}
      description={i18n._("{amount} from {name}", {
        amount: formatMoney(request.amount, request.currency, locale),
        name: request.recipientName,
      })}
      onClose={onClose}
      holdsInput
    >
      <Form className="mt-4 space-y-5" onSubmit={save}>
        <ChaseFields
          value={values}
          onChange={(next) => {
            // Each changed part goes to its own field, so the marks follow the form's state.
            for (const key of Object.keys(next) as (keyof ChaseValue)[]) {
              if (JSON.stringify(next[key]) !== JSON.stringify(values[key])) set(key, next[key]);
            }
          }}
          errors={errors}
          fieldRef={refOf}
          dueDateOnly
          today={today}
          ownDefault={settings?.reminderDays}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {/* "Cancel", not a second "Close" beside the dialog's own X. */}
          <Button type="button" variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {i18n._("Save")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
