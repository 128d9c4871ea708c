import { fireEvent, screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { VALIDATION } from "#shared/messages.ts";
import { NewSeriesForm } from "./new-series-form";

const NAME = VALIDATION.recipientName.description;

function renderForm() {
  // "Default" names the account's own reminder days: here it has none of its own.
  api.use(http.get("/api/notifications/settings", () => HttpResponse.json({}, { status: 404 })));
  renderWithApp(
    <Dialog title="New recurring request" onClose={() => {}} holdsInput>
      <NewSeriesForm onDone={() => {}} />
    </Dialog>,
  );
  return screen.getByRole("dialog", { name: "New recurring request" });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });
const start = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole("button", { name: "Start recurring request" }));

describe("New recurring request", () => {
  it("marks the bad fields, focuses the first and keeps each mark until that field is fixed", async () => {
    const dialog = renderForm();
    start(dialog);
    await expectFieldError(field(dialog, "Name"), NAME);
    expect(document.activeElement).toBe(field(dialog, "Name"));
    await expectFieldError(field(dialog, "Amount"), VALIDATION.amount.description);
    type(dialog, "Name", "Sam Lee");
    await expectFieldValid(field(dialog, "Name"));
    await expectFieldError(field(dialog, "Amount"), VALIDATION.amount.description);
  });

  it("puts the server's refusal on the field its answer names, keeping what was typed", async () => {
    api.use(
      http.post("/api/recurring-requests", () =>
        HttpResponse.json(
          { message: "Choose a start date from today on.", code: "invalid", field: "startDate" },
          { status: 400 },
        ),
      ),
    );
    const dialog = renderForm();
    type(dialog, "Name", "Sam Lee");
    type(dialog, "Mobile phone", "(212) 555-0101");
    type(dialog, "Amount", "$1,250");
    start(dialog);
    await expectToast("Recurring request not started", "Choose a start date from today on.");
    await expectFieldError(field(dialog, "Start date"), "Choose a start date from today on.");
    expect(document.activeElement).toBe(field(dialog, "Start date"));
    expect(field(dialog, "Amount").value).toBe("$1,250");
  });

  it("lets a series choose its own reminder days, checked like a request's, and sends them", async () => {
    const dialog = renderForm();
    let sent: unknown;
    api.use(
      http.post("/api/recurring-requests", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 400 });
      }),
    );
    type(dialog, "Name", "Sam Lee");
    type(dialog, "Mobile phone", "(212) 555-0101");
    type(dialog, "Amount", "1450");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Choose days" }));
    type(dialog, "Reminder 1, days", "99");
    start(dialog);
    expect(await within(dialog).findByText("Choose reminder days from 0 to 60.")).toBeTruthy();
    expect(sent).toBeUndefined();
    type(dialog, "Reminder 1, days", "1");
    start(dialog);
    await expect.poll(() => sent).toMatchObject({ reminderDays: expect.arrayContaining([1]) });
  });
});
