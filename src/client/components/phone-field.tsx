import { Field, type FieldProps } from "#client/components/ui/field.tsx";
import { formatPhoneEdit } from "#shared/phone.ts";

type PhoneFieldProps = Omit<FieldProps, "type" | "inputMode" | "placeholder" | "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The account's country (ISO 3166-1): only a US number is formatted as it is typed. */
  country?: string;
};

/**
 * A phone input (the request's Mobile Phone, a split's people). A US one formats as the user types and
 * keeps the caret beside the digit being edited. The formatted text goes into the element before
 * React sees it, so React has nothing to rewrite and does not send the caret to the end.
 */
export function PhoneField({ onValueChange, country = "US", ...props }: PhoneFieldProps) {
  if (country !== "US") {
    // Written as its owner's country writes it ("0151 2345 6789", "+49 151 23456789"); the
    // check (shared/phone-international.ts) reads it, so nothing is reformatted under the caret.
    return (
      <Field
        type="tel"
        inputMode="tel"
        maxLength={32}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        {...props}
      />
    );
  }
  return (
    // No maxLength: a browser cut would spoil a pasted "+1 (212) 555-0101" or hide extra digits
    // the check should name; the formatter keeps a whole US number to 14 characters.
    <Field
      type="tel"
      inputMode="tel"
      placeholder="(212) 555-0101"
      onChange={(event) => {
        const element = event.currentTarget;
        const edited = formatPhoneEdit(element.value, element.selectionStart ?? undefined);
        element.value = edited.text;
        if (document.activeElement === element) element.setSelectionRange(edited.caret, edited.caret);
        onValueChange(edited.text);
      }}
      {...props}
    />
  );
}
