import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { ChangePasswordForm } from "./change-password-form";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const change = () => fireEvent.click(screen.getByRole("button", { name: "Change password" }));
const TOO_SHORT = `New password: at least ${PASSWORD_MIN_LENGTH} characters.`;

describe("ChangePasswordForm", () => {
  it("marks both fields, tells and focuses the first, and clears each once valid", async () => {
    renderWithApp(<ChangePasswordForm />);
    type("New password", "short");
    change();
    await expectToast("Password not changed", "Please enter your current password.");
    await expectFieldError(field("Current password"), "Please enter your current password.");
    await expectFieldError(field("New password"), TOO_SHORT);
    expect(document.activeElement).toBe(field("Current password"));
    type("Current password", "old secret");
    await expectFieldValid(field("Current password"));
    change();
    await expectToast("Password not changed", TOO_SHORT);
    expect(document.activeElement).toBe(field("New password"));
    type("New password", "a much longer secret");
    await expectFieldValid(field("New password"));
  });

  it("shows a wrong current password as a sentence on that field, keeping what was typed", async () => {
    answerApi(400, {
      message: "currentPassword: That is not your current password.",
      code: "invalid",
      field: "currentPassword",
    });
    renderWithApp(<ChangePasswordForm />);
    type("Current password", "wrong one");
    type("New password", "a much longer secret");
    change();
    await expectToast("Password not changed", "That is not your current password.");
    await expectFieldError(field("Current password"), "That is not your current password.");
    expect(document.activeElement).toBe(field("Current password"));
    expect(field("New password").value).toBe("a much longer secret");
    // Editing the field it is about takes the server's mark away.
    type("Current password", "right one");
    await expectFieldValid(field("Current password"));
  });

  it("sends an ended session to sign-in", async () => {
    answerApi(401, { message: "Unauthorized" });
    renderWithApp(<ChangePasswordForm />);
    type("Current password", "old secret");
    type("New password", "a much longer secret");
    change();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
  });
});
