import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { aPaymentRequest } from "#client/test/payment-request.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { deviceToday } from "./chase-line";
import { RequestTools } from "./request-tools";
import { scheduleChanges, scheduleValueOf } from "./schedule-dialog";

const TODAY = "2026-11-25";
const request = (over: Partial<PaymentRequest> = {}) => aPaymentRequest({ recipientName: "Alex", ...over });

describe("scheduleChanges", () => {
  it("sends only what changed: nothing, the days, or a cleared due date", () => {
    const plain = request();
    expect(scheduleChanges(plain, scheduleValueOf(plain), TODAY)).toEqual({ changes: null, errors: {} });
    const days = { ...scheduleValueOf(plain), reminders: "custom" as const, reminderDays: [1, 5] };
    expect(scheduleChanges(plain, days, TODAY).changes).toEqual({ reminderDays: [1, 5] });
    const none = { ...scheduleValueOf(plain), reminders: "none" as const };
    expect(scheduleChanges(plain, none, TODAY).changes).toEqual({ reminderDays: [] });
    const dated = request({ dueDate: "2026-12-04", reminderDays: [0, 3] });
    const cleared = { ...scheduleValueOf(dated), dueDate: "", reminders: "default" as const };
    expect(scheduleChanges(dated, cleared, TODAY).changes).toEqual({ dueDate: null, reminderDays: null });
  });

  it("keeps an overdue due date left as it was, and refuses one newly set in the past", () => {
    const overdue = request({ dueDate: "2026-11-20" });
    const kept = { ...scheduleValueOf(overdue), reminders: "none" as const };
    expect(scheduleChanges(overdue, kept, TODAY)).toEqual({ changes: { reminderDays: [] }, errors: {} });
    const moved = { ...scheduleValueOf(overdue), dueDate: "2026-11-21" };
    expect(scheduleChanges(overdue, moved, TODAY).errors.dueDate).toBe("Choose a due date from today on.");
  });

  it("says what is wrong with the days instead of sending them", () => {
    const plain = request();
    const empty = { ...scheduleValueOf(plain), reminders: "custom" as const, reminderDays: [] };
    expect(scheduleChanges(plain, empty, TODAY)).toEqual({
      changes: null,
      errors: { reminderDays: "Choose at least one day, or No reminders." },
    });
    const tooFar = { ...scheduleValueOf(plain), reminders: "custom" as const, reminderDays: [400] };
    expect(scheduleChanges(plain, tooFar, TODAY).errors.reminderDays).toBeTruthy();
  });
});

describe("Reminders on a pending request's card", () => {
  it("changes the request's own reminder days through PATCH and says so", async () => {
    let sent: unknown = null;
    api.use(
      http.get("/api/notifications/settings", () => HttpResponse.json({}, { status: 404 })),
      http.patch("/api/payment-requests/:id", async ({ request: call, params }) => {
        sent = { id: params.id, body: await call.json() };
        return HttpResponse.json(request({ reminderDays: [2] }));
      }),
      http.get("/api/payment-requests", () => HttpResponse.json([])),
    );
    renderWithApp(<RequestTools request={request()} describedBy="" />);
    fireEvent.click(screen.getByRole("button", { name: "Due date and reminders" }));
    const dialog = await screen.findByRole("dialog", { name: "Due date and reminders" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Choose days" }));
    const first = within(dialog).getByLabelText("Reminder 1, days");
    const second = within(dialog).getByLabelText("Reminder 2, days");
    fireEvent.change(first, { target: { value: "2" } });
    fireEvent.change(second, { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast] [role=status]")?.textContent).toBe(
        "Reminders savedFor Alex's request.",
      ),
    );
    expect(sent).toEqual({ id: request().id, body: { reminderDays: [2] } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("marks the days and sends nothing when none is chosen", async () => {
    api.use(http.get("/api/notifications/settings", () => HttpResponse.json({}, { status: 404 })));
    renderWithApp(<RequestTools request={request({ reminderDays: [3] })} describedBy="" />);
    fireEvent.click(screen.getByRole("button", { name: "Due date and reminders" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reminder 1, days"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const message = await within(dialog).findByText("Choose at least one day, or No reminders.");
    expect(within(dialog).getByLabelText("Reminder 1, days").getAttribute("aria-errormessage")).toBe(
      message.id,
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    // The first box stands for the days: focused; a new message while typing does not move focus.
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Reminder 1, days"));
    const second = within(dialog).getByLabelText("Reminder 2, days") as HTMLInputElement;
    second.focus();
    fireEvent.change(second, { target: { value: "400" } });
    await waitFor(() =>
      expect(within(dialog).queryByText("Choose at least one day, or No reminders.")).toBeNull(),
    );
    expect(document.activeElement).toBe(second);
  });

  it("marks the field a refusal names (its answer's field), keeping what was typed", async () => {
    api.use(
      http.get("/api/notifications/settings", () => HttpResponse.json({}, { status: 404 })),
      http.patch("/api/payment-requests/:id", () =>
        HttpResponse.json(
          { message: "Choose a due date from today on.", code: "invalid", field: "dueDate" },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<RequestTools request={request()} describedBy="" />);
    fireEvent.click(screen.getByRole("button", { name: "Due date and reminders" }));
    const dialog = await screen.findByRole("dialog");
    const dueDate = within(dialog).getByLabelText(/Due date/) as HTMLInputElement;
    // Today on this device, a day gone in the requester's zone: only the server knows.
    fireEvent.change(dueDate, { target: { value: deviceToday() } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await expectFieldError(dueDate, "Choose a due date from today on.");
    expect(document.activeElement).toBe(dueDate);
    expect(dueDate.value).toBe(deviceToday());
    await expectToast("Reminders not saved", "Choose a due date from today on.");
    // Editing the field it is about takes the server's mark away.
    fireEvent.change(dueDate, { target: { value: "" } });
    await expectFieldValid(dueDate);
  });
});
