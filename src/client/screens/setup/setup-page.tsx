import { useLingui } from "@lingui/react";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { browserCountry, CountrySelect } from "#client/components/country-select.tsx";
import { ProviderAccountField } from "#client/components/provider-account-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { signOut } from "#client/features/auth/sign-out.ts";
import { useCompleteSetup } from "#client/features/setup/api.ts";
import { paths } from "#client/lib/paths.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { PROVIDERS, type Provider, SETUP_PROVIDERS } from "#shared/providers.ts";
import { type SetupForm, SetupFormSchema, setupProvidersFor } from "#shared/schemas/user.ts";

/** Nothing typed, nothing ticked, in the country's methods (the spec's four for the US). */
const emptyForm = (country: string): SetupForm => ({
  profileName: "",
  country,
  accounts: Object.fromEntries(setupProvidersFor(country).map((p) => [p, { selected: false, handle: "" }])),
});

/** Every provider's fields, in the order their messages come: the spec's four first. */
const SETUP_FIELDS = [
  "profileName" as const,
  ...[...new Set([...SETUP_PROVIDERS, ...PROVIDERS])].flatMap((p) => [
    `accounts.${p}.selected` as const,
    `accounts.${p}.handle` as const,
    ...(p === "sepa" ? (["accounts.sepa.holderName", "accounts.sepa.bic"] as const) : []),
  ]),
];

/**
 * First visit after sign-up (docs/product.md "Setup"): profile name and at least one account; the
 * country, the browser's by default, chooses which methods are offered (the spec's four in the US).
 */
export default function SetupPage() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const [initialCountry] = useState(browserCountry);
  const {
    values: form,
    bind,
    set,
    errorOf,
    refOf,
    submit,
    fail,
  } = useSchemaForm({
    schema: SetupFormSchema,
    defaultValues: emptyForm(initialCountry),
    fields: SETUP_FIELDS,
  });
  const offered = setupProvidersFor(form.country);
  const entry = (p: Provider) => form.accounts[p] ?? { selected: false, handle: "" };
  const setup = useCompleteSetup();
  const { confirm, dialog } = useConfirm();
  // Back leaves setup by signing out (there is nothing behind it): ask first, what was typed is lost.
  const askToLeave = () =>
    confirm({
      question: i18n._("Sign out? Your setup isn't saved."),
      confirmLabel: i18n._("Sign out"),
      destructive: true,
      onConfirm: () => void signOut(),
    });

  const onSubmit = submit((input) => {
    if (setup.isPending) return;
    setup.mutate(input, {
      onSuccess: () => {
        toast({ title: i18n._("Profile Created"), description: i18n._("Welcome to Collect!") });
        navigate(paths.home);
      },
      onError: (error) => fail(i18n._("Setup Failed"), error),
    });
  });

  return (
    <div className="min-h-dvh bg-gradient-to-b from-emerald-50 to-slate-50 dark:from-emerald-950 dark:to-slate-950">
      <header className="mx-auto flex h-14 max-w-xl items-center gap-2 px-4">
        <button
          type="button"
          aria-label={i18n._("Back")}
          onClick={askToLeave}
          className="-ms-2 grid size-11 place-items-center rounded-xl text-slate-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
        <Logo />
      </header>
      <main className="mx-auto max-w-xl px-4 pt-4 pb-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {i18n._("Welcome to Collect")}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {i18n._(
            "Set up your profile so people know who is asking, and tell us where you'd like to be paid.",
          )}
        </p>
        <Form onSubmit={onSubmit} className="mt-8 space-y-6">
          <Card>
            <CardContent className="space-y-5">
              <CountrySelect
                value={form.country}
                hint={i18n._("Where you are: which payment methods are offered, and how numbers are read.")}
                onChange={(country) => {
                  set("country", country);
                  // The new country's methods, none ticked; what was typed for the old ones goes.
                  set("accounts", emptyForm(country).accounts);
                }}
              />
              <Field
                label={i18n._("Profile Name")}
                name="profileName"
                autoComplete="name"
                placeholder={i18n._("e.g. Alex Morgan")}
                hint={i18n._("This is the name people see on your payment requests.")}
                {...bind("profileName")}
              />
            </CardContent>
          </Card>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-base font-semibold text-slate-900 dark:text-slate-100">
              {i18n._("Payment accounts")}
            </legend>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
              {i18n._("Choose at least one. You can add more later on Payment Methods.")}
            </p>
            {offered.map((provider) => (
              <ProviderAccountField
                key={provider}
                provider={provider}
                revealOnSelect
                selected={entry(provider).selected}
                handle={entry(provider).handle}
                selectedError={errorOf(`accounts.${provider}.selected`)}
                handleError={errorOf(`accounts.${provider}.handle`)}
                selectedRef={refOf(`accounts.${provider}.selected`)}
                handleRef={refOf(`accounts.${provider}.handle`)}
                onSelectedChange={(selected) => set(`accounts.${provider}`, { ...entry(provider), selected })}
                onHandleChange={(handle) => set(`accounts.${provider}`, { ...entry(provider), handle })}
                bank={
                  provider === "sepa"
                    ? {
                        holderName: entry(provider).holderName ?? "",
                        bic: entry(provider).bic ?? "",
                        holderNameError: errorOf("accounts.sepa.holderName"),
                        bicError: errorOf("accounts.sepa.bic"),
                        holderNameRef: refOf("accounts.sepa.holderName"),
                        bicRef: refOf("accounts.sepa.bic"),
                        onHolderNameChange: (holderName) =>
                          set("accounts.sepa", { ...entry(provider), holderName }),
                        onBicChange: (bic) => set("accounts.sepa", { ...entry(provider), bic }),
                      }
                    : undefined
                }
              />
            ))}
          </fieldset>
          <Button type="submit" size="lg" className="w-full" disabled={setup.isPending}>
            {setup.isPending ? <Spinner /> : null}
            {i18n._("Create Account")}
          </Button>
        </Form>
      </main>
      {dialog}
    </div>
  );
}
