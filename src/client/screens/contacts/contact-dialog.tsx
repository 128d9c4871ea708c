import { useLingui } from "@lingui/react";
import { useState } from "react";
import { LanguageSelect } from "#client/components/language-select.tsx";
import { PhoneField } from "#client/components/phone-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { savePayee, updatePayee } from "#client/features/payees/api.ts";
import { PhoneContactsButton } from "#client/features/payees/phone-contacts-button.tsx";
import { ApiError } from "#client/lib/api.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { RECIPIENT_NAME_MAX } from "#shared/input-limits.ts";
import { formatPhone } from "#shared/phone.ts";
import { type Payee, payeeInputFor } from "#shared/schemas/payee.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";

type ContactDialogProps = {
  /** The contact to edit; none to add one. */
  payee?: Payee;
  onClose: () => void;
  /** How the account's country reads a number (features/account/input-region.tsx). */
  region?: InputRegion;
};

/** Add or edit a contact: name, mobile phone, an optional email and language, checked as the server checks them. */
export function ContactDialog({ payee, onClose, region = US_INPUT }: ContactDialogProps) {
  const { i18n } = useLingui();
  const { bind, set, submit, fail } = useSchemaForm({
    schema: payeeInputFor(region),
    defaultValues: {
      name: payee?.name ?? "",
      phone: payee ? formatPhone(payee.phone) : "",
      email: payee?.email ?? "",
      language: payee?.language ?? "",
    },
    fields: ["name", "phone", "email", "language"],
  });
  const [saving, setSaving] = useState(false);

  const onSubmit = submit(async (contact) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = payee ? await updatePayee(payee.id, contact) : await savePayee(contact);
      toast({
        title: i18n._("Contact Saved"),
        description: i18n._("{name} is in your contacts.", { name: saved.name }),
      });
      onClose();
    } catch (error) {
      // 409: the number is saved under another contact's name.
      fail(i18n._("Contact Not Saved"), error, (e) =>
        e instanceof ApiError && e.status === 409 ? "phone" : null,
      );
      setSaving(false);
    }
  });

  return (
    <Dialog title={payee ? i18n._("Edit contact") : i18n._("Add contact")} onClose={onClose} holdsInput>
      <Form onSubmit={onSubmit} className="space-y-5">
        <PhoneContactsButton
          onPick={(picked) => {
            set("name", picked.name);
            set("phone", picked.phone);
          }}
        />
        <Field
          label={i18n._("Name")}
          name="name"
          autoComplete="off"
          autoCapitalize="words"
          maxLength={RECIPIENT_NAME_MAX}
          data-autofocus
          {...bind("name")}
        />
        <PhoneField
          label={i18n._("Mobile Phone")}
          name="phone"
          autoComplete="tel"
          country={region.country}
          {...bind("phone")}
        />
        <Field
          type="email"
          label={i18n._("Email")}
          name="email"
          autoComplete="off"
          inputMode="email"
          labelAside={
            <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._("(optional)")}</span>
          }
          hint={i18n._(
            "Request Payment offers it, so Collect can email the request, reminders and a receipt.",
          )}
          {...bind("email")}
        />
        <LanguageSelect
          label={i18n._("Language")}
          none={i18n._("Same as mine")}
          hint={i18n._("The texts, emails and link preview Collect writes for them are in this language.")}
          value={bind("language").value ?? ""}
          onValueChange={bind("language").onValueChange}
        />
        <Button type="submit" className="w-full" disabled={saving}>
          {saving ? <Spinner /> : null}
          {payee ? i18n._("Save changes") : i18n._("Save contact")}
        </Button>
      </Form>
    </Dialog>
  );
}
