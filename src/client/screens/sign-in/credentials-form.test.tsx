import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { SIGN_IN_MESSAGES } from "#client/features/auth/sign-in-errors.ts";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { CredentialsForm } from "./credentials-form";

const input = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

/** The server's answers to sign-in (and sign-up), as [path, body] pairs it was sent. */
function answer(path: "sign-in" | "sign-up", status: number, body: Record<string, unknown>) {
  const sent: unknown[] = [];
  api.use(
    http.post(`/api/identity/${path}/email`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return sent;
}

describe("CredentialsForm (Welcome back)", () => {
  it("marks what is missing or malformed under its field, focuses the first, and sends nothing", async () => {
    renderWithApp(<CredentialsForm mode="sign-in" initialError={null} onSignedIn={() => {}} />);
    press("Sign in");
    await expectFieldError(input("Email"), SIGN_IN_MESSAGES.missing);
    await expectFieldError(input("Password"), SIGN_IN_MESSAGES.missing);
    expect(document.activeElement).toBe(input("Email"));
    // Field messages, not the frame's notice: no alert.
    expect(screen.queryByRole("alert")).toBeNull();
    type("Email", "robin.example.com");
    await expectFieldError(input("Email"), SIGN_IN_MESSAGES.badEmail);
    type("Email", "robin@example.com");
    await expectFieldValid(input("Email"));
    press("Sign in");
    await waitFor(() => expect(document.activeElement).toBe(input("Password")));
    await expectFieldError(input("Password"), SIGN_IN_MESSAGES.missing);
  });

  it("says a refused sign-in once, about both fields, never which; what was typed stays", async () => {
    const sent = answer("sign-in", 401, {
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    const onSignedIn = vi.fn();
    renderWithApp(<CredentialsForm mode="sign-in" initialError={null} onSignedIn={onSignedIn} />);
    type("Email", "robin@example.com");
    type("Password", "not the one");
    press("Sign in");
    expect((await screen.findByRole("alert")).textContent).toBe(SIGN_IN_MESSAGES.invalid);
    expect(sent).toEqual([{ email: "robin@example.com", password: "not the one" }]);
    await expectFieldError(input("Email"), SIGN_IN_MESSAGES.invalid);
    await expectFieldError(input("Password"), SIGN_IN_MESSAGES.invalid);
    expect(input("Email").value).toBe("robin@example.com");
    expect(input("Password").value).toBe("not the one");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("signs in with the trimmed email", async () => {
    const sent = answer("sign-in", 200, { token: "t", user: {} });
    const onSignedIn = vi.fn();
    renderWithApp(<CredentialsForm mode="sign-in" initialError={null} onSignedIn={onSignedIn} />);
    type("Email", " robin@example.com");
    type("Password", "x");
    press("Sign in");
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ email: "robin@example.com", password: "x" }]);
  });

  it("shows a failed single sign-on before anything is typed", () => {
    renderWithApp(<CredentialsForm mode="sign-in" initialError="It did not work." onSignedIn={() => {}} />);
    expect(screen.getByRole("alert").textContent).toBe("It did not work.");
    expect(input("Email").getAttribute("aria-invalid")).toBeNull();
  });
});

describe("CredentialsForm (Create your account)", () => {
  it("checks the password's length under the field before asking the server", async () => {
    renderWithApp(<CredentialsForm mode="sign-up" initialError={null} onSignedIn={() => {}} />);
    type("Email", "robin@example.com");
    type("Password", "short");
    press("Create account");
    await expectFieldError(input("Password"), SIGN_IN_MESSAGES.shortPassword);
    expect(document.activeElement).toBe(input("Password"));
    await expectFieldValid(input("Email"));
    type("Password", "long enough now");
    await expectFieldValid(input("Password"));
  });

  it("marks the password when the server refuses it, and only the password", async () => {
    const common =
      "This password is one of the 10,000 most common. Please choose one that is harder to guess.";
    answer("sign-up", 400, { code: "PASSWORD_TOO_COMMON", message: common });
    renderWithApp(<CredentialsForm mode="sign-up" initialError={null} onSignedIn={() => {}} />);
    type("Email", "robin@example.com");
    type("Password", "password1");
    press("Create account");
    expect((await screen.findByRole("alert")).textContent).toBe(common);
    await expectFieldError(input("Password"), common);
    expect(input("Email").getAttribute("aria-invalid")).toBeNull();
    expect(input("Password").value).toBe("password1");
  });
});
