import { z } from "zod";
import { sessionStore } from "#client/lib/session-store.ts";

/** Contacts → Request Payment (docs/product.md "Contacts"): the chosen contact waits here for the request page. */
export const CONTACT_HANDOFF_KEY = "collect:prefill-contact";

const HandoffSchema = z.object({ name: z.string(), phone: z.string() });
export type ContactHandoff = z.infer<typeof HandoffSchema>;

export function storeContactHandoff(contact: ContactHandoff, store = sessionStore()): void {
  try {
    store?.setItem(CONTACT_HANDOFF_KEY, JSON.stringify(contact));
  } catch {
    // Storage full or blocked: the request page simply opens empty.
  }
}

/** The waiting contact, or null. Reading does not remove it (React may render twice). */
export function readContactHandoff(store = sessionStore()): ContactHandoff | null {
  try {
    const raw = store?.getItem(CONTACT_HANDOFF_KEY);
    if (!raw) return null;
    const parsed = HandoffSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearContactHandoff(store = sessionStore()): void {
  try {
    store?.removeItem(CONTACT_HANDOFF_KEY);
  } catch {
    // Nothing to clear.
  }
}
