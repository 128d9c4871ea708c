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
  const change = useChangePassword();
  const { form, bind, submit, fail } = useSchemaForm({
    schema: ChangePasswordInputSchema,
    defaultValues: EMPTY,
    fields: ["currentPassword", "newPassword"],
    tell: (message) => toast({ title: "Password not changed", description: message, variant: "destructive" }),
  });

  const onSubmit = submit((passwords) => {
    if (change.isPending) return;
    change.mutate(passwords, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({ title: "Password changed", description: "Your other devices are signed out." });
      },
      onError: (error) => fail("Password not changed", error),
    });
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
      <h3 className="font-semibold text-slate-900 dark:text-slate-100">Change password</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          {...bind("currentPassword")}
        />
        <NewPasswordField {...bind("newPassword")} />
      </div>
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {change.isPending ? <Spinner /> : null}
        Change password
      </Button>
    </Form>
  );
}
