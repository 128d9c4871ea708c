import { LogOut } from "lucide-react";
import { CountrySelect } from "#client/components/country-select.tsx";
import { CurrencySelect } from "#client/components/currency-select.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { signOut } from "#client/features/auth/sign-out.ts";
import { useUpdateProfile } from "#client/features/profile/api.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { homeCurrencyOf } from "#shared/region.ts";
import { ProfileInputSchema, type User } from "#shared/schemas/user.ts";

const namesOf = (user: User) => ({
  profileName: user.profileName ?? "",
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  country: user.country,
  currency: user.currency,
});

/**
 * Profile (docs/product.md "Profile"): display name required; first and last name optional,
 * trimmed; the account's country and currency (docs/decisions/031).
 */
export function ProfileForm({ user }: { user: User }) {
  const { form, values, bind, set, submit, fail } = useSchemaForm({
    schema: ProfileInputSchema,
    defaultValues: namesOf(user),
    fields: ["profileName", "firstName", "lastName"],
  });
  const update = useUpdateProfile();

  const onSubmit = submit(({ country, currency, ...names }) => {
    if (update.isPending) return;
    // The region only when changed: a country or currency never chosen stays the default.
    const region = {
      ...(country !== user.country ? { country } : {}),
      ...(currency !== user.currency ? { currency } : {}),
    };
    update.mutate(
      { ...names, ...region },
      {
        onSuccess: (saved) => {
          form.reset(namesOf(saved));
          toast({ title: "Profile Updated", description: "Your profile has been saved." });
        },
        onError: (error) => fail("Update Failed", error),
      },
    );
  });

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
      <div className="grid gap-5 sm:grid-cols-2">
        <CountrySelect
          value={values.country ?? user.country}
          hint="How the numbers you type are read, and the payment methods offered first."
          onChange={(country) => {
            set("country", country);
            // A new country brings its own currency; a different one can still be chosen after.
            set("currency", homeCurrencyOf(country));
          }}
        />
        <CurrencySelect
          value={values.currency ?? user.currency}
          onChange={(code) => set("currency", code)}
          first={[homeCurrencyOf(values.country ?? user.country), user.currency]}
        />
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
