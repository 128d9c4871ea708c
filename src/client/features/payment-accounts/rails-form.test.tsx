import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerApi, expectFieldError } from "#client/test/form-checks.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { PaymentMethodsFormView } from "./payment-methods-form";

const checkbox = (name: string) => screen.queryByRole("checkbox", { name });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const update = () => fireEvent.click(screen.getByRole("button", { name: "Update" }));

describe("PaymentMethodsFormView outside the US", () => {
  it("offers a German account the bank transfer first, then PayPal, and none of the US apps", () => {
    renderWithApp(<PaymentMethodsFormView accounts={[]} country="DE" />);
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    const labels = [...document.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels.indexOf("Bank transfer (SEPA)")).toBeLessThan(labels.indexOf("PayPal"));
    expect(checkbox("Venmo")).toBeNull();
    expect(field("IBAN").placeholder).toBe("DE89 3704 0044 0532 0130 00");
    expect(field("Account holder's name")).toBeTruthy();
    expect(field("BIC (optional)")).toBeTruthy();
  });

  it("keeps a saved method of another country on show, so it can be removed", () => {
    renderWithApp(
      <PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} country="IN" />,
    );
    const labels = [...document.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels.filter((l) => ["UPI", "PayPal", "Venmo"].includes(l ?? ""))).toEqual([
      "UPI",
      "PayPal",
      "Venmo",
    ]);
    expect(field("UPI ID").placeholder).toBe("yourname@okaxis");
  });

  it("asks for the holder's name on the field itself, then sends the IBAN, holder and BIC", async () => {
    const calls = answerApi(200, [
      {
        provider: "sepa",
        accountHandle: "DE89370400440532013000",
        holderName: "Jürgen Müller",
        bic: "COBADEFFXXX",
      },
    ]);
    renderWithApp(<PaymentMethodsFormView accounts={[]} country="DE" />);
    fireEvent.change(field("IBAN"), { target: { value: "DE89 3704 0044 0532 0130 00" } });
    expect(checkbox("Bank transfer (SEPA)")?.getAttribute("aria-checked")).toBe("true");
    update();
    const message = "Bank transfer (SEPA): please enter the account holder's name.";
    await expectToast("Invalid Handle", message);
    await expectFieldError(field("Account holder's name"), message);
    expect(document.activeElement).toBe(field("Account holder's name"));

    fireEvent.change(field("Account holder's name"), { target: { value: "Jürgen Müller" } });
    fireEvent.change(field("BIC (optional)"), { target: { value: "COBA" } });
    update();
    const bic = "Bank transfer (SEPA): a BIC has 8 or 11 letters and digits, like COBADEFFXXX.";
    await expectFieldError(field("BIC (optional)"), bic);

    fireEvent.change(field("BIC (optional)"), { target: { value: "cobadeffxxx" } });
    update();
    await waitFor(() => expect(calls.some(([method]) => method === "POST")).toBe(true));
    expect(calls.find(([method]) => method === "POST")?.[2]).toEqual({
      accounts: [
        {
          provider: "sepa",
          accountHandle: "DE89 3704 0044 0532 0130 00",
          holderName: "Jürgen Müller",
          bic: "cobadeffxxx",
        },
      ],
    });
  });
});
