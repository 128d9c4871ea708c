import { z } from "zod";
import { type KeyValueStore, sessionItem } from "#client/lib/session-store.ts";
import { MAX_REMINDERS } from "#shared/schedule/reminders.ts";
import { SendBySchema } from "#shared/schemas/payment-request.ts";
import type { ChaseValue } from "./chase-fields";

/**
 * What is typed on Request Payment, kept in this tab while it is typed: a reload, the phone's
 * Back after a look at Contacts, or a trip to Split and back finds it again. Gone once the
 * request is sent, on sign-out, and with the tab. Read back through this schema: storage is
 * anyone's to write.
 */
const DRAFT_KEY = "collect:request-draft";

const text = (max: number) => z.string().max(max);
const DraftSchema = z.object({
  form: z.object({ name: text(200), phone: text(40), amount: text(40), description: text(500) }),
  chase: z.object({
    dueDate: text(10),
    payerEmail: text(320),
    sendBy: SendBySchema,
    reminders: z.enum(["default", "none", "custom"]),
    reminderDays: z.array(z.number().int()).max(MAX_REMINDERS),
  }),
});
export type RequestDraft = { form: z.infer<typeof DraftSchema>["form"]; chase: ChaseValue };

const draft = sessionItem(DRAFT_KEY, DraftSchema);

export const readRequestDraft = (store?: KeyValueStore | null): RequestDraft | null => draft.read(store);

/** Keeps `value`; one with nothing typed is the same as none. */
export function saveRequestDraft(value: RequestDraft, store?: KeyValueStore | null): void {
  const typed =
    Object.values(value.form).some((v) => v.trim() !== "") || value.chase.payerEmail || value.chase.dueDate;
  if (typed) draft.write(value, store);
  else draft.clear(store);
}

export const clearRequestDraft = (store?: KeyValueStore | null): void => draft.clear(store);
