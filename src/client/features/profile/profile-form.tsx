import { LogOut } from "lucide-react";
import { firstMessage } from "../../../shared/messages";
import { ProfileInputSchema, type User } from "../../../shared/schemas/user";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Form } from "../../components/ui/form";
import { Spinner } from "../../components/ui/spinner";
import { signOut } from "../../lib/sign-out";
import { toast } from "../../lib/toast";
import { showMutationError } from "../../lib/unauthorized";
import { useFormValues } from "../../lib/use-form-values";
import { showValidationToast } from "../../lib/validation-toast";
import { useUpdateProfile } from "./api";

const namesOf = (user: User) => ({
  profileName: user.profileName ?? "",
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
});

/** Profile (docs/product.md "Profile"): display name required; first and last name optional, trimmed. */
export function ProfileForm({ user }: { user: User }) {
  const { values, setValues, bind } = useFormValues(() => namesOf(user));
  const update = useUpdateProfile();

  const onSubmit = () => {
    if (update.isPending) return;
    const parsed = ProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      showValidationToast(firstMessage(parsed.error.issues));
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(namesOf(saved));
        toast({ title: "Profile Updated", description: "Your profile has been saved." });
      },
      onError: (error) => showMutationError("Update Failed", error),
    });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Display Name"
        name="profileName"
        autoComplete="nickname"
        hint="Shown on your payment requests."
        {...bind("profileName")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" name="firstName" autoComplete="given-name" {...bind("firstName")} />
        <Field label="Last Name" name="lastName" autoComplete="family-name" {...bind("lastName")} />
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        value={user.email}
        readOnly
        hint="Your sign-in email can't be changed here."
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="destructive" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Update Profile
        </Button>
      </div>
    </Form>
  );
}
