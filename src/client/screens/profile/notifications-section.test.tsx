import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "#client/test/render.tsx";
import { DEFAULT_SETTINGS, type NotificationSettings } from "#shared/schemas/notifications.ts";
import { NotificationsSection } from "./notifications-section";

// The states of "Push notifications" a Chromium test cannot reach: a server without VAPID keys
// (the browser tests' server has them, push-device.spec.ts) and a browser without Web Push.
const SETTINGS: NotificationSettings = {
  ...DEFAULT_SETTINGS,
  timeZone: "America/New_York",
  reminderDays: null,
  push: { configured: false, publicKey: null },
  subscriptions: [],
};

/** The settings GET answers `settings` (unstubbed after each test: unstubGlobals). */
function serve(settings: NotificationSettings) {
  vi.stubGlobal("fetch", async () => Response.json(settings));
}

describe("NotificationsSection, push", () => {
  it("says the server has no push instead of offering the button", async () => {
    serve(SETTINGS);
    renderWithApp(<NotificationsSection />);
    expect(await screen.findByText("Push notifications are not set up on this server.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Notify this device" })).toBeNull();
    // Nor a push switch to flip: they were ticked and toggled under that very sentence.
    const push = screen.getAllByRole("checkbox", { name: "Push" });
    expect(push.length).toBeGreaterThan(0);
    for (const box of push) expect(box.hasAttribute("disabled")).toBe(true);
    for (const box of screen.getAllByRole("checkbox", { name: "Email" }))
      expect(box.hasAttribute("disabled")).toBe(false);
  });

  it("says a browser without Web Push cannot show them, and how an iPhone can", async () => {
    serve({ ...SETTINGS, push: { configured: true, publicKey: `B${"A".repeat(86)}` } });
    // happy-dom, like Safari in a tab on iOS, has no PushManager.
    expect("PushManager" in window).toBe(false);
    renderWithApp(<NotificationsSection />);
    expect(
      await screen.findByText(
        "This browser cannot show notifications. On iPhone and iPad, add Collect to your Home Screen first.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Notify this device" })).toBeNull();
  });
});
