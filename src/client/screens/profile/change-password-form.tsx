import { useLingui } from "@lingui/react";
import { NewPasswordField } from "#client/components/new-password-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useChangePassword } from "#client/features/account/api.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { ChangePasswordInputSchema } from "#shared/schemas/account.ts";

const EMPTY = { currentPassword: "", newPassword: "" };

/** Current + new password; every other device is signed out. */
export function ChangePasswordForm() {
  const { i18n } = useLingui();
  const change = useChangePassword();
  const { form, bind, submit, fail } = useSchemaForm({
    schema: ChangePasswordInputSchema,
    defaultValues: EMPTY,
    fields: ["currentPassword", "newPassword"],
    tell: (message) =>
      toast({ title: i18n._("Password not changed"), description: i18n._(message), variant: "destructive" }),
  });

  const onSubmit = submit((passwords) => {
    if (change.isPending) return;
    change.mutate(passwords, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({
          title: i18n._("Password changed"),
          description: i18n._("Your other devices are signed out."),
        });
      },
      onError: (error) => fail(i18n._("Password not changed"), error),
    });
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label={i18n._("Change password")}>
      <h3 className="font-semibold text-slate-900 dark:text-slate-100">{i18n._("Change password")}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={i18n._("Current password")}
          type="password"
          name="current-password"
          autoComplete="current-password"
          {...bind("currentPassword")}
        />
        <NewPasswordField {...bind("newPassword")} />
      </div>
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {change.isPending ? <Spinner /> : null}
        {i18n._("Change password")}
      </Button>
    </Form>
  );
}
