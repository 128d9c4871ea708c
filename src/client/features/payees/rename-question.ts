import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import type { Payee } from "#shared/schemas/payee.ts";
import { updatePayee } from "./api";

/** The question waits this long, so the "created" toast before it is read first. */
export const CONTACT_QUESTION_DELAY_MS = 2000;

/** The question stays this long: it needs reading and a choice. */
const QUESTION_DURATION_MS = 15_000;

/**
 * "Save as Mom? Alex Kim is saved with this number": a request to a saved number under another
 * name renames nothing until the user says so. Closing the toast keeps the saved name.
 */
export function askToRename(existing: Payee, name: string): void {
  toast({
    title: `Save as ${name}?`,
    description: `${existing.name} is saved with this number. Close to keep ${existing.name}.`,
    duration: QUESTION_DURATION_MS,
    action: {
      label: "Rename",
      onClick: () =>
        void updatePayee(existing.id, { name }).then(
          () => toast({ title: "Contact Saved", description: `${name} is saved with this number.` }),
          (error) =>
            showActionError(error, {
              title: "Error",
              description: "Failed to rename the contact. Please try again.",
            }),
        ),
    },
  });
}
