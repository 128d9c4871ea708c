import type { I18n } from "@lingui/core";
import { appI18n } from "#client/lib/i18n.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import type { Payee } from "#shared/schemas/payee.ts";
import { saveContactOf, updatePayee } from "./api";

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

/**
 * After a split: "Save 3 new people as contacts?", asked once, naming them; Save keeps each one
 * (a number saved meanwhile under another name is left as it is). Closing the toast saves nobody.
 */
export function askToSaveNew(people: readonly { name: string; phone: string }[], i18n: I18n = appI18n): void {
  if (people.length === 0) return;
  const names = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(people.map((p) => p.name));
  toast({
    title: i18n._(
      "{count, plural, one {Save # new person as a contact?} other {Save # new people as contacts?}}",
      {
        count: people.length,
      },
    ),
    description: names,
    duration: QUESTION_DURATION_MS,
    action: {
      label: i18n._("Save"),
      onClick: () =>
        void Promise.all(people.map((person) => saveContactOf(person))).then((saved) => {
          const failed = saved.filter((result) => result.kind === "failed").length;
          if (failed > 0)
            showActionError(new Error("contacts not saved"), {
              title: i18n._("Error"),
              description: i18n._("Some contacts could not be saved. Please try again from Contacts."),
            });
          else
            toast({
              title: i18n._("Contacts Saved"),
              description: names,
            });
        }),
    },
  });
}
