import { z } from "zod";

/**
 * Request Payment → "Repeat this request" → Recurring: what was typed travels in the history
 * entry's state (so a reload keeps it), and is read back through this schema, since history
 * state is anyone's to write.
 */
const DraftSchema = z.object({
  recipientName: z.string().max(200),
  recipientPhone: z.string().max(40),
  amount: z.string().max(40),
  description: z.string().max(500),
  payerEmail: z.string().max(320),
});
export type RecurringDraft = z.infer<typeof DraftSchema>;

/** The history state that carries `draft`. */
export const recurringDraftState = (draft: RecurringDraft) => ({ recurringDraft: draft });

/** The draft in a history entry's state, or null. */
export function recurringDraftOf(state: unknown): RecurringDraft | null {
  const parsed = z.object({ recurringDraft: DraftSchema }).safeParse(state);
  return parsed.success ? parsed.data.recurringDraft : null;
}
