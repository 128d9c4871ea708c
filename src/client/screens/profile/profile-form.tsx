import { useLingui } from "@lingui/react";
import { LogOut } from "lucide-react";
import { CountrySelect } from "#client/components/country-select.tsx";
import { CurrencySelect } from "#client/components/currency-select.tsx";
import { LanguageSelect } from "#client/components/language-select.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { signOut } from "#client/features/auth/sign-out.ts";
import { useUpdateProfile } from "#client/features/profile/api.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { isLocale } from "#shared/i18n/locales.ts";
import { homeCurrencyOf } from "#shared/region.ts";
import { ProfileInputSchema, type User } from "#shared/schemas/user.ts";

const namesOf = (user: User) => ({
  profileName: user.profileName ?? "",
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  country: user.country,
  currency: user.currency,
  // "": the browser's ("Same as this browser").
  language: isLocale(user.language) ? user.language : ("" as const),
});

/**
 * Profile (docs/product.md "Profile"): display name required; first and last name optional,
 * trimmed; the account's country and currency (docs/decisions/031) and the app's language
 * (docs/decisions/033: once saved, the user the server answers switches the app, routes.tsx).
 */
export function ProfileForm({ user }: { user: User }) {
  const { i18n } = useLingui();
  const { form, values, bind, set, submit, fail } = useSchemaForm({
    schema: ProfileInputSchema,
    defaultValues: namesOf(user),
    fields: ["profileName", "firstName", "lastName"],
  });
  const update = useUpdateProfile();

  const onSubmit = submit(({ country, currency, language, ...names }) => {
    if (update.isPending) return;
    // The region only when changed: a country, currency or language never chosen stays the default.
    const region = {
      ...(country !== user.country ? { country } : {}),
      ...(currency !== user.currency ? { currency } : {}),
      // Absent (undefined) when unchanged; null: back to the browser's.
      language: (language ?? null) !== user.language ? (language ?? null) : undefined,
    };
    update.mutate(
      { ...names, ...region },
      {
        onSuccess: (saved) => {
          form.reset(namesOf(saved));
          toast({ title: i18n._("Profile Updated"), description: i18n._("Your profile has been saved.") });
        },
        onError: (error) => fail(i18n._("Update Failed"), error),
      },
    );
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-5">
      <Field
        label={i18n._("Display Name")}
        name="profileName"
        autoComplete="nickname"
        hint={i18n._("Shown on your payment requests.")}
        {...bind("profileName")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={i18n._("First Name")}
          name="firstName"
          autoComplete="given-name"
          {...bind("firstName")}
        />
        <Field label={i18n._("Last Name")} name="lastName" autoComplete="family-name" {...bind("lastName")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <CountrySelect
          value={values.country ?? user.country}
          hint={i18n._("How the numbers you type are read, and the payment methods offered first.")}
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
      <LanguageSelect
        label={i18n._("Language")}
        hint={i18n._("The language Collect speaks to you here and in your emails.")}
        none={i18n._("Same as this browser")}
        value={values.language ?? ""}
        onValueChange={(language) => set("language", isLocale(language) ? language : "")}
      />
      <Field
        label={i18n._("Email")}
        name="email"
        type="email"
        value={user.email}
        readOnly
        hint={i18n._("Your sign-in email can't be changed here.")}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="destructive" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {i18n._("Logout")}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {i18n._("Update Profile")}
        </Button>
      </div>
    </Form>
  );
}
