import type { I18n } from "@lingui/core";
import { appI18n } from "#client/lib/i18n.tsx";
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
 * name renames nothing until the user says so. Closing the toast keeps the saved name. In `i18n`'s
 * language (the app's by default: it is asked after a timer, outside any component).
 */
export function askToRename(existing: Payee, name: string, i18n: I18n = appI18n): void {
  toast({
    title: i18n._("Save as {name}?", { name }),
    description: i18n._("{saved} is saved with this number. Close to keep {saved}.", {
      saved: existing.name,
    }),
    duration: QUESTION_DURATION_MS,
    action: {
      label: i18n._("Rename"),
      onClick: () =>
        void updatePayee(existing.id, { name }).then(
          () =>
            toast({
              title: i18n._("Contact Saved"),
              description: i18n._("{name} is saved with this number.", { name }),
            }),
          (error) =>
            showActionError(error, {
              title: i18n._("Error"),
              description: i18n._("Failed to rename the contact. Please try again."),
            }),
        ),
    },
  });
}
