import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "#client/features/auth/sign-in-errors.ts";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { RESET_LINK_USED } from "#shared/schemas/account.ts";
import ResetPasswordPage from "./reset-password-page";

const field = async () => (await screen.findByLabelText("New password")) as HTMLInputElement;
const type = async (value: string) => fireEvent.change(await field(), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save and sign in" }));

function answerReset(status: number, body: Record<string, unknown>) {
  api.use(http.post("/api/identity/reset-password", () => HttpResponse.json(body, { status })));
}

beforeEach(() => {
  window.history.replaceState(null, "", "/reset-password?token=abc123");
  // The link still works as the page opens.
  api.use(http.get("/api/account/reset-token/abc123", () => HttpResponse.json({ ok: true })));
});

describe("ResetPasswordPage", () => {
  it("marks a short password under the field, focused, and sends nothing", async () => {
    renderWithApp(<ResetPasswordPage />);
    await type("short");
    save();
    await expectFieldError(await field(), SIGN_IN_MESSAGES.shortPassword);
    expect(document.activeElement).toBe(await field());
    expect(screen.queryByRole("alert")).toBeNull();
    await type("x".repeat(129));
    await expectFieldError(await field(), SIGN_IN_MESSAGES.longPassword);
    await type("a fresh new password");
    await expectFieldValid(await field());
  });

  it("says a link used meanwhile in the frame", async () => {
    answerReset(400, { code: "INVALID_TOKEN", message: "Invalid token" });
    renderWithApp(<ResetPasswordPage />);
    await type("a fresh new password");
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(RESET_LINK_USED);
    expect((await field()).getAttribute("aria-invalid")).toBeNull();
    expect((await field()).value).toBe("a fresh new password");
  });

  it("marks the password when the server refuses it, keeping it typed", async () => {
    const common =
      "This password is one of the 10,000 most common. Please choose one that is harder to guess.";
    answerReset(400, { code: "PASSWORD_TOO_COMMON", message: common });
    renderWithApp(<ResetPasswordPage />);
    await type("password1");
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(common);
    await expectFieldError(await field(), common);
    expect((await field()).value).toBe("password1");
  });
});
