import { RECIPIENT_NAME_MAX } from "#shared/input-limits.ts";
import { formatPhoneInput } from "#shared/phone.ts";

/** What the Contact Picker API gives for one contact (https://w3c.github.io/contact-picker/). */
export type PickedContact = { name?: string[]; tel?: string[] };

type ContactsManager = {
  select: (properties: ("name" | "tel")[], options?: { multiple?: boolean }) => Promise<PickedContact[]>;
};

/** The picker where the browser has it (Chrome on Android); null elsewhere, where its button is hidden. */
export function contactsManager(nav: Navigator = navigator): ContactsManager | null {
  const manager = (nav as Navigator & { contacts?: ContactsManager }).contacts;
  return manager && typeof manager.select === "function" ? manager : null;
}

/**
 * A picked contact as the forms take it: its first name that is not blank (cut to the name
 * limit), and its first number that reads as a US mobile, else its first number as typed.
 */
export function fromPickedContact(picked: PickedContact): { name: string; phone: string } {
  const name = (picked.name ?? []).map((n) => n.trim()).find(Boolean) ?? "";
  const tels = (picked.tel ?? []).map((t) => t.trim()).filter(Boolean);
  const us = tels.find((t) => {
    const digits = t.replace(/\D/g, "");
    return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
  });
  const tel = us ?? tels[0] ?? "";
  return { name: [...name].slice(0, RECIPIENT_NAME_MAX).join(""), phone: tel ? formatPhoneInput(tel) : "" };
}

/** Opens the phone's contact list for one contact; null when the user closed it without a choice. */
export async function pickPhoneContact(
  manager: ContactsManager,
): Promise<{ name: string; phone: string } | null> {
  const [picked] = await manager.select(["name", "tel"], { multiple: false });
  return picked ? fromPickedContact(picked) : null;
}
