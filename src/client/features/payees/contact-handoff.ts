import { z } from "zod";
import { type KeyValueStore, sessionItem } from "#client/lib/session-store.ts";

/** Contacts → Request Payment (docs/product.md "Contacts"): the chosen contact waits here for the request page. */
export const CONTACT_HANDOFF_KEY = "collect:prefill-contact";

const HandoffSchema = z.object({ name: z.string(), phone: z.string(), language: z.string().optional() });
export type ContactHandoff = z.infer<typeof HandoffSchema>;

const handoff = sessionItem(CONTACT_HANDOFF_KEY, HandoffSchema);

/** Storage full or blocked: the request page simply opens empty. */
export const storeContactHandoff = (contact: ContactHandoff, store?: KeyValueStore | null): void =>
  handoff.write(contact, store);

/** The waiting contact, or null. Reading does not remove it (React may render twice). */
export const readContactHandoff = (store?: KeyValueStore | null): ContactHandoff | null =>
  handoff.read(store);

export const clearContactHandoff = (store?: KeyValueStore | null): void => handoff.clear(store);
