import { firstMessage } from "../../../../shared/messages";
import { ChangePasswordInputSchema } from "../../../../shared/schemas/account";
import { NewPasswordField } from "../../../components/new-password-field";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Form } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../lib/toast";
import { showMutationError } from "../../../lib/unauthorized";
import { useFormValues } from "../../../lib/use-form-values";
import { useChangePassword } from "./api";

const EMPTY = { currentPassword: "", newPassword: "" };

/** Current + new password; every other device is signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { values, setValues, bind } = useFormValues(EMPTY);

  const onSubmit = () => {
    const parsed = ChangePasswordInputSchema.safeParse(values);
    if (!parsed.success) {
      toast({
        title: "Password not changed",
        description: firstMessage(parsed.error.issues),
        variant: "destructive",
      });
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({ title: "Password changed", description: "Your other devices are signed out." });
      },
      onError: (error) => showMutationError("Password not changed", error),
    });
  };

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
