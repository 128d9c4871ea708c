import { fireEvent, screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { DataAndDeletion } from "./delete-account";

const dialog = () => screen.getByRole("dialog", { name: "Delete your account?" });
const password = () => within(dialog()).getByLabelText("Your password") as HTMLInputElement;
const open = () => fireEvent.click(screen.getByRole("button", { name: "Delete account" }));
const confirm = () => fireEvent.click(within(dialog()).getByRole("button", { name: "Delete my account" }));

function answerDelete(status: number, body: Record<string, unknown>) {
  const sent: unknown[] = [];
  api.use(
    http.delete("/api/account", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return sent;
}

describe("Delete account", () => {
  it("asks for the password under its field, focused and said, before asking the server", async () => {
    renderWithApp(<DataAndDeletion hasPassword />);
    open();
    confirm();
    await expectFieldError(password(), "Please enter your password.");
    expect(document.activeElement).toBe(password());
    expect(within(dialog()).getByRole("alert").textContent).toBe("Please enter your password.");
    fireEvent.change(password(), { target: { value: "my secret" } });
    await expectFieldValid(password());
  });

  it("marks a wrong password in the dialog, keeping what was typed", async () => {
    const sent = answerDelete(400, {
      message: "password: That password is not right.",
      code: "invalid",
      field: "password",
    });
    renderWithApp(<DataAndDeletion hasPassword />);
    open();
    fireEvent.change(password(), { target: { value: "wrong one" } });
    confirm();
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("That password is not right.");
    await expectFieldError(password(), "That password is not right.");
    expect(document.activeElement).toBe(password());
    expect(password().value).toBe("wrong one");
    expect(sent).toEqual([{ password: "wrong one" }]);
  });

  it("says a refusal about no field inside the dialog when there is no password", async () => {
    answerDelete(403, { message: "Please sign in again first: this works within 10 minutes of signing in." });
    renderWithApp(<DataAndDeletion hasPassword={false} />);
    open();
    confirm();
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(
      "Please sign in again first: this works within 10 minutes of signing in.",
    );
  });

  it("sends an ended session to sign-in", async () => {
    answerDelete(401, { message: "Unauthorized" });
    renderWithApp(<DataAndDeletion hasPassword />);
    open();
    fireEvent.change(password(), { target: { value: "my secret" } });
    confirm();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
  });
});
