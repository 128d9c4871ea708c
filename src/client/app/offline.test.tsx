import { act, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { OfflineBanner } from "./layout/offline-banner";
import { AppRoutes } from "./routes";

const BANNER = "You're offline.";

/** The browser's own word on the network, as `navigator.onLine` and its events give it. */
function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? "online" : "offline")));
}

afterEach(() => {
  setBrowserOnline(true);
});

describe("offline (issue 23 item 23)", () => {
  it("says so while the browser is offline, and stops when it is back", () => {
    renderWithApp(<OfflineBanner />);
    expect(screen.queryByText(BANNER)).toBeNull();
    setBrowserOnline(false);
    expect(screen.getByRole("status").textContent).toBe(
      "You're offline. Collect will update when you're back online.",
    );
    setBrowserOnline(true);
    expect(screen.queryByText(BANNER)).toBeNull();
  });

  it("a session check with no answer: the banner and Try again at /, once, then the app when the network is back", async () => {
    let calls = 0;
    let answer: () => Response = () => HttpResponse.error();
    api.use(
      http.get("*/api/auth/user", () => {
        calls += 1;
        return answer();
      }),
    );
    renderWithApp(
      <>
        <OfflineBanner />
        <AppRoutes />
      </>,
    );
    // Not the marketing page: someone signed in is offline.
    expect((await screen.findByRole("alert")).textContent).toContain("We couldn't load your account");
    expect(screen.getByText(BANNER)).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    // Asked once: showing the Try again screen does not ask again (it did, 60 times a second).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(1);

    // Back online: asked again without a tap (signed out here, so the landing page).
    answer = () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 });
    setBrowserOnline(true);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toMatch(/time to collect/i);
    expect(calls).toBe(2);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
  });
});
