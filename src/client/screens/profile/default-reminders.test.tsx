import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerApi } from "#client/test/form-checks.ts";
import { renderWithApp } from "#client/test/render.tsx";
import type { NotificationSettings } from "#shared/schemas/notifications.ts";
import { DefaultReminders } from "./default-reminders";

const SAVED: NotificationSettings = {
  channels: {
    view: { email: false, push: true },
    claim: { email: true, push: true },
    reminder: { email: true, push: true },
    recurring: { email: true, push: true },
    digest: { email: true, push: false },
  },
  quietHours: { start: "21:00", end: "08:00" },
  digestHour: null,
  timeZone: "America/New_York",
  reminderDays: [1, 5],
  push: { configured: false, publicKey: null },
  subscriptions: [],
};

const day = (n: number) => screen.getByLabelText(`Default reminder ${n}, days`) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save reminders" }));
const puts = (calls: [string, string, unknown][]) => calls.filter(([method]) => method === "PUT");

describe("DefaultReminders", () => {
  it("starts on Collect's schedule, and saves chosen days sorted", async () => {
    const calls = answerApi(200, SAVED);
    renderWithApp(<DefaultReminders reminderDays={null} />);
    expect((screen.getByLabelText("Collect's schedule") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText("Choose days"));
    fireEvent.change(day(1), { target: { value: "5" } });
    fireEvent.change(day(2), { target: { value: "1" } });
    save();
    expect(await screen.findByText("New requests will use them.")).toBeTruthy();
    expect(puts(calls)).toEqual([["PUT", "/api/notifications/settings", { reminderDays: [1, 5] }]]);
  });

  it("shows the saved days, and saves No reminders as none and Collect's schedule as null", async () => {
    const calls = answerApi(200, SAVED);
    renderWithApp(<DefaultReminders reminderDays={[2, 9]} />);
    expect(day(1).value).toBe("2");
    expect(day(2).value).toBe("9");
    fireEvent.click(screen.getByLabelText("No reminders"));
    save();
    await screen.findByText("New requests will use them.");
    fireEvent.click(screen.getByLabelText("Collect's schedule"));
    save();
    await expect.poll(() => puts(calls).length).toBe(2);
    expect(puts(calls).map(([, , body]) => body)).toEqual([{ reminderDays: [] }, { reminderDays: null }]);
  });

  it("marks days the schema refuses and sends nothing", async () => {
    const calls = answerApi(200, SAVED);
    renderWithApp(<DefaultReminders reminderDays={[1, 5]} />);
    fireEvent.change(day(2), { target: { value: "61" } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe("Choose reminder days from 0 to 60.");
    expect(day(2).getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(day(2), { target: { value: "1" } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe("Choose each reminder day once.");
    expect(puts(calls)).toEqual([]);
  });
});
