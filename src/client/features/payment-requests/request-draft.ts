import { z } from "zod";
import { type KeyValueStore, sessionItem } from "#client/lib/session-store.ts";
import { MAX_REMINDERS } from "#shared/schedule/reminders.ts";
import { SendBySchema } from "#shared/schemas/payment-request.ts";
import { SPLIT_MAX_PEOPLE } from "#shared/schemas/split.ts";
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

/**
 * What is typed on Split a Bill, kept in this tab the same way: a reload finds the total, the
 * note and every person again. Gone once the split is made, and on sign-out.
 */
const SplitDraftSchema = z.object({
  total: text(40),
  description: text(500),
  includeMe: z.boolean(),
  custom: z.boolean(),
  people: z.array(z.object({ name: text(200), phone: text(40), amount: text(40) })).max(SPLIT_MAX_PEOPLE),
  dueDate: text(10),
});
export type SplitDraft = z.infer<typeof SplitDraftSchema>;

const splitDraft = sessionItem("collect:split-draft", SplitDraftSchema);

export const readSplitDraft = (store?: KeyValueStore | null): SplitDraft | null => splitDraft.read(store);

/** Keeps `value`; one with nothing typed is the same as none. */
export function saveSplitDraft(value: SplitDraft, store?: KeyValueStore | null): void {
  const typed =
    [value.total, value.description, value.dueDate].some((v) => v.trim() !== "") ||
    value.people.some((p) => [p.name, p.phone, p.amount].some((v) => v.trim() !== ""));
  if (typed) splitDraft.write(value, store);
  else splitDraft.clear(store);
}

export const clearSplitDraft = (store?: KeyValueStore | null): void => splitDraft.clear(store);

/** Every draft of this module: a half-typed request or split is this person's, not the next one's. */
export function clearDrafts(store?: KeyValueStore | null): void {
  clearRequestDraft(store);
  clearSplitDraft(store);
}
