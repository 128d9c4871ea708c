import { describe, expect, it } from "vitest";
import { VALIDATION } from "#shared/messages.ts";
import { type PaymentMethodsForm, paymentMethodsFromForm } from "./payment-account";
import { type SetupForm, setupFromForm, setupProvidersFor } from "./user";

const emptyMethods = (): PaymentMethodsForm => ({
  paypal: { selected: false, handle: "" },
  venmo: { selected: false, handle: "" },
  cashapp: { selected: false, handle: "" },
  zelle: { selected: false, handle: "" },
  googlepay: { selected: false, handle: "" },
});

describe("setupFromForm (Setup)", () => {
  const form = (profileName: string, venmo?: string): SetupForm => ({
    profileName,
    country: "US",
    accounts: {
      paypal: { selected: false, handle: "" },
      venmo: { selected: venmo !== undefined, handle: venmo ?? "" },
      cashapp: { selected: true, handle: "" },
      zelle: { selected: false, handle: "" },
    },
  });

  it("checks the profile name first, then one configured account", () => {
    expect(setupFromForm(form("  ", "@a"))).toEqual({
      ok: false,
      message: VALIDATION.profileName.description,
    });
    expect(setupFromForm(form("Alex"))).toEqual({ ok: false, message: VALIDATION.setupAccount.description });
    expect(setupFromForm(form("Alex", "alex"))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Venmo/),
    });
  });

  it("outside the US offers the country's methods, checks a bank transfer's holder, and sends the country", () => {
    const german = (sepa: { handle: string; holderName?: string }): SetupForm => ({
      profileName: "Jürgen",
      country: "DE",
      accounts: { sepa: { selected: true, ...sepa }, paypal: { selected: false, handle: "" } },
    });
    expect(setupProvidersFor("DE")).toEqual(["sepa", "paypal"]);
    expect(setupProvidersFor("US")).toEqual(["paypal", "venmo", "cashapp", "zelle"]);
    expect(setupFromForm(german({ handle: "DE89370400440532013000" }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/holder/),
    });
    expect(
      setupFromForm(german({ handle: "DE89 3704 0044 0532 0130 00", holderName: "Jürgen Müller" })),
    ).toEqual({
      ok: true,
      value: {
        profileName: "Jürgen",
        country: "DE",
        paymentAccounts: [
          {
            provider: "sepa",
            accountHandle: "DE89 3704 0044 0532 0130 00",
            holderName: "Jürgen Müller",
            bic: null,
          },
        ],
      },
    });
    // Venmo is no method of Germany's: ticked on a form that left the US, it is not sent.
    const left = { ...german({ handle: "" }), accounts: { venmo: { selected: true, handle: "@alex" } } };
    expect(setupFromForm(left)).toEqual({ ok: false, message: VALIDATION.setupAccount.description });
  });

  it("sends the trimmed name and only the ticked accounts with a handle", () => {
    expect(setupFromForm(form(" Alex ", " @alex "))).toEqual({
      ok: true,
      value: { profileName: "Alex", paymentAccounts: [{ provider: "venmo", accountHandle: "@alex" }] },
    });
  });

  it("lets a Zelle-only person finish, with Zelle's email-or-US-phone rule", () => {
    const zelle = (handle: string): SetupForm => ({
      ...form("Alex"),
      accounts: { ...form("Alex").accounts, zelle: { selected: true, handle } },
    });
    expect(setupFromForm(zelle(" alex@example.com "))).toEqual({
      ok: true,
      value: {
        profileName: "Alex",
        paymentAccounts: [{ provider: "zelle", accountHandle: "alex@example.com" }],
      },
    });
    expect(setupFromForm(zelle("12345"))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Zelle/),
    });
  });
});

describe("paymentMethodsFromForm (Payment methods)", () => {
  it("needs one method, then a handle for every selected one", () => {
    expect(paymentMethodsFromForm(emptyMethods())).toEqual({
      ok: false,
      message: VALIDATION.methodRequired.description,
    });
    const missing = {
      ...emptyMethods(),
      venmo: { selected: true, handle: "@a" },
      zelle: { selected: true, handle: " " },
    };
    expect(paymentMethodsFromForm(missing)).toEqual({
      ok: false,
      message: VALIDATION.handleRequired.description,
    });
  });

  it("builds the payload of the selected providers", () => {
    const form = {
      ...emptyMethods(),
      paypal: { selected: true, handle: "alex" },
      cashapp: { selected: false, handle: "$x" },
    };
    expect(paymentMethodsFromForm(form)).toEqual({
      ok: true,
      value: { accounts: [{ provider: "paypal", accountHandle: "alex" }] },
    });
  });
});
