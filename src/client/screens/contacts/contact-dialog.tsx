import { useState } from "react";
import { PhoneField } from "#client/components/phone-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { savePayee, updatePayee } from "#client/features/payees/api.ts";
import { PhoneContactsButton } from "#client/features/payees/phone-contacts-button.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { showValidationToast } from "#client/lib/validation-toast.ts";
import { RECIPIENT_NAME_MAX } from "#shared/limits.ts";
import { formatPhoneInput } from "#shared/phone.ts";
import { type Payee, PayeeInputSchema } from "#shared/schemas/payee.ts";

type ContactDialogProps = {
  /** The contact to edit; none to add one. */
  payee?: Payee;
  onClose: () => void;
};

/** Add or edit a contact: name and mobile phone, checked as the server checks them. */
export function ContactDialog({ payee, onClose }: ContactDialogProps) {
  const [name, setName] = useState(payee?.name ?? "");
  const [phone, setPhone] = useState(payee ? formatPhoneInput(payee.phone) : "");
  const [saving, setSaving] = useState(false);

  const onSubmit = async () => {
    if (saving) return;
    const parsed = PayeeInputSchema.safeParse({ name, phone });
    if (!parsed.success) {
      showValidationToast(parsed.error.issues[0]?.message ?? "Please check the contact.");
      return;
    }
    setSaving(true);
    try {
      const saved = payee ? await updatePayee(payee.id, parsed.data) : await savePayee(parsed.data);
      toast({ title: "Contact Saved", description: `${saved.name} is in your contacts.` });
      onClose();
    } catch (error) {
      showMutationError("Contact Not Saved", error);
      setSaving(false);
    }
  };

  return (
    <Dialog title={payee ? "Edit contact" : "Add contact"} onClose={onClose}>
      <Form onSubmit={() => void onSubmit()} className="space-y-5">
        <PhoneContactsButton
          onPick={(picked) => {
            setName(picked.name);
            setPhone(picked.phone);
          }}
        />
        <Field
          label="Name"
          name="name"
          autoComplete="off"
          autoCapitalize="words"
          maxLength={RECIPIENT_NAME_MAX}
          value={name}
          onValueChange={setName}
          data-autofocus
        />
        <PhoneField
          label="Mobile Phone"
          name="phone"
          autoComplete="tel"
          value={phone}
          onValueChange={setPhone}
        />
        <Button type="submit" className="w-full" disabled={saving}>
          {saving ? <Spinner /> : null}
          {payee ? "Save changes" : "Save contact"}
        </Button>
      </Form>
    </Dialog>
  );
}
