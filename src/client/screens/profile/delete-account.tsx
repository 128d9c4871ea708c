import { useLingui } from "@lingui/react";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useDeleteAccount } from "#client/features/account/api.ts";
import { leaveWithNotice } from "#client/lib/arrival-notice.ts";
import { serverPaths } from "#client/lib/paths.ts";
import { formSchema, useSchemaForm } from "#client/lib/schema-form.ts";
import {
  DeleteAccountFormSchema,
  type DeleteAccountInput,
  DeleteAccountInputSchema,
} from "#shared/schemas/account.ts";

/** Download my data, and Delete account behind a confirm that asks for the password. */
export function DataAndDeletion({ hasPassword }: { hasPassword: boolean }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="data-heading" className="space-y-3">
      <h3 id="data-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Your data")}
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="secondary">
          <a href={serverPaths.exportAccount} download>
            <Download aria-hidden="true" />
            {i18n._("Download my data")}
          </a>
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {i18n._("Delete account")}
        </Button>
      </div>
      {confirming ? <DeleteDialog hasPassword={hasPassword} onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

type DeleteForm = { password: string };

function DeleteDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const remove = useDeleteAccount();
  // A failure no field is about (a sign-in too long ago), said in the dialog.
  const [notice, setNotice] = useState<string | null>(null);
  const { bind, submit, fail } = useSchemaForm<DeleteForm, DeleteAccountInput>({
    // Without a password (passkeys, single sign-on) there is nothing to type.
    schema: hasPassword ? DeleteAccountFormSchema : formSchema(DeleteAccountInputSchema, () => ({})),
    defaultValues: { password: "" },
    fields: ["password"],
    // The message under the focused field says it (role=alert: a toast is not heard in a dialog).
    tell: () => {},
    tellFailure: (_title, message, field) => setNotice(field ? null : message),
  });
  const send = submit(({ password }) => {
    remove.mutate(password, {
      onSuccess: () => leaveWithNotice("accountDeleted", "/"),
      onError: (failure) => fail(i18n._("Account not deleted"), failure),
    });
  });
  const onSubmit = () => {
    if (remove.isPending || remove.isSuccess) return;
    setNotice(null);
    send();
  };
  return (
    <Dialog
      title={i18n._("Delete your account?")}
      description={i18n._(
        "Every request, contact, payment method, photo and device sign-in goes, and your pay links stop working. This cannot be undone.",
      )}
      onClose={onClose}
      holdsInput
    >
      <Form onSubmit={onSubmit} className="mt-4 space-y-4">
        {hasPassword ? (
          <Field
            label={i18n._("Your password")}
            type="password"
            name="password"
            autoComplete="current-password"
            announceError
            {...bind("password")}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {i18n._("For your safety this works within {minutes} minutes of signing in.", { minutes: 10 })}
          </p>
        )}
        {notice ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {i18n._(notice)}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {i18n._("Keep my account")}
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending || remove.isSuccess}>
            {remove.isPending ? <Spinner /> : null}
            {i18n._("Delete my account")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
