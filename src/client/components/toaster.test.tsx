import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DEFAULT_DURATION, toast } from "#client/lib/toast.tsx";
import { Toaster } from "./toaster";

/** The toasts on screen: sonner keeps a leaving one in the page for its exit animation. */
const shown = () =>
  [...document.querySelectorAll("[data-sonner-toast]:not([data-removed=true])")].map(
    (node) => node.querySelector("[role]")?.textContent,
  );
const inPage = () => document.querySelectorAll("[data-sonner-toast]").length;

describe("toasts", () => {
  beforeEach(() => {
    render(<Toaster />);
  });

  it("shows one at a time, the newest replacing the old, as status or alert", async () => {
    act(() => void toast({ title: "First" }));
    await waitFor(() => expect(shown()).toEqual(["First"]));
    act(() => void toast({ title: "Second", description: "Details", variant: "destructive" }));
    await waitFor(() => expect(shown()).toEqual(["SecondDetails"]));
    expect(screen.getByRole("alert").textContent).toBe("SecondDetails");
    act(() => void toast({ title: "Third" }));
    await waitFor(() => expect(inPage()).toBe(1));
    expect(screen.getByRole("status").textContent).toBe("Third");
  });

  it("leaves when dismissed, by its button or by the caller", async () => {
    act(() => void toast({ title: "Bye" }));
    fireEvent.click(await screen.findByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(inPage()).toBe(0));
    let dismiss = () => {};
    act(() => {
      dismiss = toast({ title: "Again" });
    });
    await waitFor(() => expect(shown()).toEqual(["Again"]));
    act(() => dismiss());
    await waitFor(() => expect(inPage()).toBe(0));
  });

  it("leaves after 5000 ms, or after its own duration", () => {
    // Sonner applies a new toast on the next timer tick.
    const step = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    vi.useFakeTimers();
    act(() => void toast({ title: "Default" }));
    step(TOAST_DEFAULT_DURATION - 100);
    expect(shown()).toEqual(["Default"]);
    step(200);
    expect(shown()).toEqual([]);

    act(() => void toast({ title: "Venmo", duration: 6000 }));
    step(5900);
    expect(shown()).toEqual(["Venmo"]);
    step(200);
    expect(shown()).toEqual([]);
  });
});
