import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { handleProblem, holderNameProblem } from "#shared/providers.ts";
import SetupPage from "./setup-page";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const checkbox = (name: string) => screen.getByRole("checkbox", { name });
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

describe("SetupPage", () => {
  it("marks the profile name and the accounts, focusing the first, and clears each once fixed", async () => {
    renderWithApp(<SetupPage />);
    create();
    await expectToast("Profile Name Required", "Please enter your profile name.");
    await expectFieldError(field("Profile Name"), "Please enter your profile name.");
    await expectFieldError(checkbox("PayPal"), "Please select and configure at least one payment account.");
    expect(document.activeElement).toBe(field("Profile Name"));

    fireEvent.change(field("Profile Name"), { target: { value: "Alex Morgan" } });
    await expectFieldValid(field("Profile Name"));
    create();
    await expectToast(
      "Payment Account Required",
      "Please select and configure at least one payment account.",
    );
    expect(document.activeElement).toBe(checkbox("PayPal"));

    fireEvent.click(checkbox("Venmo"));
    fireEvent.change(field("Venmo handle"), { target: { value: "alex" } });
    await expectFieldValid(checkbox("PayPal"));
    create();
    const message = handleProblem("venmo", "alex") ?? "";
    expect(message).toMatch(/^Venmo: /);
    await expectToast("Invalid Handle", message);
    await expectFieldError(field("Venmo handle"), message);
    expect(document.activeElement).toBe(field("Venmo handle"));
    fireEvent.change(field("Venmo handle"), { target: { value: "@alex" } });
    await expectFieldValid(field("Venmo handle"));
  });

  it("sends an ended session to sign-in, keeping what was typed", async () => {
    const calls = answerApi(401, { message: "Unauthorized" });
    renderWithApp(<SetupPage />);
    fireEvent.change(field("Profile Name"), { target: { value: " Alex Morgan " } });
    fireEvent.click(checkbox("Venmo"));
    fireEvent.change(field("Venmo handle"), { target: { value: "@alex" } });
    create();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(calls.find(([method]) => method === "POST")?.[2]).toEqual({
      profileName: "Alex Morgan",
      paymentAccounts: [{ provider: "venmo", accountHandle: "@alex" }],
    });
    expect(field("Profile Name").value).toBe(" Alex Morgan ");
  });

  it("offers a country's own methods: Germany's bank transfer with its holder, then PayPal, and sends the country", async () => {
    const calls = answerApi(401, { message: "Unauthorized" });
    renderWithApp(<SetupPage />);
    // A US browser starts in the US: the spec's four.
    const country = field("Country") as unknown as HTMLSelectElement;
    expect(country.value).toBe("US");
    expect(screen.getAllByRole("checkbox")).toHaveLength(4);
    fireEvent.change(country, { target: { value: "DE" } });
    expect(screen.queryByRole("checkbox", { name: "Venmo" })).toBeNull();
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    fireEvent.change(field("Profile Name"), { target: { value: "Jürgen Müller" } });
    fireEvent.click(checkbox("Bank transfer (SEPA)"));
    fireEvent.change(field("IBAN"), { target: { value: "DE89 3704 0044 0532 0130 00" } });
    create();
    await expectFieldError(field("Account holder's name"), holderNameProblem("sepa", "") ?? "");
    fireEvent.change(field("Account holder's name"), { target: { value: "Jürgen Müller" } });
    create();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(calls.find(([method]) => method === "POST")?.[2]).toEqual({
      profileName: "Jürgen Müller",
      country: "DE",
      paymentAccounts: [
        {
          provider: "sepa",
          accountHandle: "DE89 3704 0044 0532 0130 00",
          holderName: "Jürgen Müller",
          bic: null,
        },
      ],
    });
  });
});
