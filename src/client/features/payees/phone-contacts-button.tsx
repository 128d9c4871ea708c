import { useLingui } from "@lingui/react";
import { Contact } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { contactsManager, pickPhoneContact } from "./phone-contacts";

/**
 * "Choose from phone contacts": the Contact Picker API, where the browser has it (Chrome on
 * Android); nothing at all elsewhere.
 */
export function PhoneContactsButton({
  onPick,
}: {
  onPick: (contact: { name: string; phone: string }) => void;
}) {
  const { i18n } = useLingui();
  const [manager] = useState(() => (typeof navigator === "undefined" ? null : contactsManager()));
  if (!manager) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full sm:w-auto"
      onClick={() =>
        void pickPhoneContact(manager).then(
          (picked) => picked && onPick(picked),
          // Closed or refused: the form stays as it was.
          () => undefined,
        )
      }
    >
      <Contact aria-hidden="true" />
      {i18n._("Choose from phone contacts")}
    </Button>
  );
}
