import { z } from "zod";
import { FrequencySchema } from "#shared/schedule/recurrence.ts";
import { EndModeSchema, SendAheadSchema } from "#shared/schemas/recurring.ts";

/**
 * Request Payment → "Repeat this request" → Recurring: what was typed travels in the history
 * entry's state, is read back through this schema (history state is anyone's to write), and is
 * then taken off the entry (withoutRecurringDraft): it opens the form once. The form dialog then
 * keeps what is typed in it, the schedule too, in its own entry the same way (Dialog's `draft`),
 * so a reload there finds it again.
 */
const DraftSchema = z.object({
  recipientName: z.string().max(200),
  recipientPhone: z.string().max(40),
  amount: z.string().max(40),
  description: z.string().max(500),
  payerEmail: z.string().max(320),
  frequency: FrequencySchema.optional(),
  startDate: z.string().max(10).optional(),
  endMode: EndModeSchema.optional(),
  endDate: z.string().max(10).optional(),
  count: z.string().max(10).optional(),
  sendAhead: SendAheadSchema.optional(),
  reminders: z.enum(["default", "none", "custom"]).optional(),
  reminderDays: z.array(z.number().int().min(0).max(366)).max(8).optional(),
});
export type RecurringDraft = z.infer<typeof DraftSchema>;

/** The history state that carries `draft`. */
export const recurringDraftState = (draft: RecurringDraft) => ({ recurringDraft: draft });

/** The draft in a history entry's state, or null. */
export function recurringDraftOf(state: unknown): RecurringDraft | null {
  const parsed = z.object({ recurringDraft: DraftSchema }).safeParse(state);
  return parsed.success ? parsed.data.recurringDraft : null;
}

/** `state` without the draft, the rest (the router's own) kept. */
export function withoutRecurringDraft(state: unknown): unknown {
  if (state === null || typeof state !== "object" || !("recurringDraft" in state)) return state;
  const { recurringDraft: _draft, ...rest } = state as Record<string, unknown>;
  return rest;
}
