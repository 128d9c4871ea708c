import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "#client/features/auth/sign-in-errors.ts";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import ForgotPasswordPage from "./forgot-password-page";

const email = () => screen.getByLabelText("Email") as HTMLInputElement;
const type = (value: string) => fireEvent.change(email(), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send me a link" }));

describe("ForgotPasswordPage", () => {
  it("marks a malformed email under the field, focused, and sends nothing", async () => {
    renderWithApp(<ForgotPasswordPage />);
    send();
    await expectFieldError(email(), SIGN_IN_MESSAGES.badEmail);
    expect(document.activeElement).toBe(email());
    type("robin@");
    await expectFieldError(email(), SIGN_IN_MESSAGES.badEmail);
    type("robin@example.com");
    await expectFieldValid(email());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says a refused request in the frame, keeping the email typed", async () => {
    api.use(
      http.post("/api/identity/request-password-reset", () =>
        HttpResponse.json({ message: "Too many requests. Please try again later." }, { status: 429 }),
      ),
    );
    renderWithApp(<ForgotPasswordPage />);
    type("robin@example.com");
    send();
    expect((await screen.findByRole("alert")).textContent).toBe(SIGN_IN_MESSAGES.rateLimited);
    expect(email().value).toBe("robin@example.com");
  });

  it("sends the trimmed address and says the same for any", async () => {
    const sent: unknown[] = [];
    api.use(
      http.post("/api/identity/request-password-reset", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    renderWithApp(<ForgotPasswordPage />);
    type(" robin@example.com ");
    send();
    expect((await screen.findByRole("status")).textContent).toBe(
      "If robin@example.com has a Collect account, a link is on its way. It works once, for 1 hour.",
    );
    expect(sent).toEqual([{ email: "robin@example.com", redirectTo: "/reset-password" }]);
  });
});
