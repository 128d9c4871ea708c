import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { handleProblem } from "#shared/providers.ts";
import { PaymentMethodsFormView } from "./payment-methods-form";

const checkbox = (name: string) => screen.getByRole("checkbox", { name });
const handle = (name: string) => screen.getByLabelText(`${name} handle`) as HTMLInputElement;
const update = () => fireEvent.click(screen.getByRole("button", { name: "Update" }));
const DROPPED = "Not ticked: this handle is removed when you update.";

describe("PaymentMethodsFormView", () => {
  it("starts from the saved accounts: ticked and filled where one exists", () => {
    renderWithApp(<PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} />);
    expect(checkbox("Venmo").getAttribute("aria-checked")).toBe("true");
    expect(handle("Venmo").value).toBe("@robin");
    expect(checkbox("PayPal").getAttribute("aria-checked")).toBe("false");
    expect(handle("PayPal").value).toBe("");
  });

  it("ticks a provider when its handle is typed, and warns when a filled one is unticked", () => {
    renderWithApp(<PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} />);
    fireEvent.change(handle("Cash App"), { target: { value: "$robin" } });
    expect(checkbox("Cash App").getAttribute("aria-checked")).toBe("true");

    expect(screen.queryByText(DROPPED)).toBeNull();
    fireEvent.click(checkbox("Venmo"));
    expect(checkbox("Venmo").getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText(DROPPED)).toBeTruthy();
    expect(handle("Venmo").getAttribute("aria-describedby")).toContain(screen.getByText(DROPPED).id);
  });

  it("asks for a method first, then a handle for each ticked one, then a handle of the right shape", async () => {
    renderWithApp(<PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} />);
    fireEvent.click(checkbox("Venmo"));
    update();
    await expectToast("Payment Method Required", "Please select at least one payment method.");

    fireEvent.click(screen.getByText("PayPal"));
    expect(checkbox("PayPal").getAttribute("aria-checked")).toBe("true");
    update();
    await expectToast(
      "Account Handle Required",
      "Please enter account handles for all selected payment methods.",
    );

    fireEvent.change(handle("PayPal"), { target: { value: "robin@example.com" } });
    update();
    await expectToast("Invalid Handle", "PayPal: enter your PayPal.Me username, not your email.");
  });

  it("marks the box, then each empty handle, then a handle's format, focusing each and clearing it once fixed", async () => {
    renderWithApp(<PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} />);
    fireEvent.click(checkbox("Venmo"));
    update();
    await expectToast("Payment Method Required", "Please select at least one payment method.");
    await expectFieldError(checkbox("PayPal"), "Please select at least one payment method.");
    expect(document.activeElement).toBe(checkbox("PayPal"));

    fireEvent.click(checkbox("Zelle"));
    await expectFieldValid(checkbox("PayPal"));
    fireEvent.click(checkbox("Cash App"));
    update();
    await expectToast(
      "Account Handle Required",
      "Please enter account handles for all selected payment methods.",
    );
    await expectFieldError(
      handle("Cash App"),
      "Please enter account handles for all selected payment methods.",
    );
    await expectFieldError(handle("Zelle"), "Please enter account handles for all selected payment methods.");
    expect(document.activeElement).toBe(handle("Cash App"));
    // The hint still describes the handle beside the message.
    expect(handle("Zelle").getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);

    fireEvent.change(handle("Cash App"), { target: { value: "$robin" } });
    await expectFieldValid(handle("Cash App"));
    fireEvent.change(handle("Zelle"), { target: { value: "12345" } });
    update();
    const zelle = handleProblem("zelle", "12345") ?? "";
    expect(zelle).toMatch(/^Zelle: /);
    await expectToast("Invalid Handle", zelle);
    await expectFieldError(handle("Zelle"), zelle);
    expect(document.activeElement).toBe(handle("Zelle"));
    fireEvent.change(handle("Zelle"), { target: { value: "robin@example.com" } });
    await expectFieldValid(handle("Zelle"));
  });

  it("sends an ended session to sign-in, keeping the ticks and handles", async () => {
    answerApi(401, { message: "Unauthorized" });
    renderWithApp(<PaymentMethodsFormView accounts={[{ provider: "venmo", accountHandle: "@robin" }]} />);
    fireEvent.change(handle("Cash App"), { target: { value: "$robin" } });
    update();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(handle("Cash App").value).toBe("$robin");
    expect(checkbox("Cash App").getAttribute("aria-checked")).toBe("true");
  });
});
