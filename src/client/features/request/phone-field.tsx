import { formatPhoneEdit } from "../../../shared/phone";
import { Field } from "../../components/ui/field";

type PhoneFieldProps = { value: string; onChange: (value: string) => void };

/**
 * The Mobile Phone input: formats as the user types and keeps the caret beside the
 * digit being edited. The formatted text goes into the element before React sees it, so React
 * has nothing to rewrite and does not send the caret to the end.
 */
export function PhoneField({ value, onChange }: PhoneFieldProps) {
  return (
    // No maxLength: a browser cut would spoil a pasted "+1 (212) 555-0101" or hide extra digits
    // the check should name; the formatter keeps a whole US number to 14 characters.
    <Field
      label="Mobile Phone"
      name="recipientPhone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(212) 555-0101"
      hint="US mobile number. We'll open your messages app to text it."
      value={value}
      onChange={(event) => {
        const element = event.currentTarget;
        const edited = formatPhoneEdit(element.value, element.selectionStart ?? undefined);
        element.value = edited.text;
        if (document.activeElement === element) element.setSelectionRange(edited.caret, edited.caret);
        onChange(edited.text);
      }}
    />
  );
}
