import { act, render, screen } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "#client/components/toaster.tsx";
import { redirectToLogin, UNAUTHORIZED_REDIRECT_MS } from "./unauthorized";

describe("redirectToLogin", () => {
  afterEach(() => {
    vi.useRealTimers();
    sonner.dismiss();
  });

  it("shows 'Unauthorized', then goes to sign-in after 500 ms, keeping the way back", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const navigate = vi.fn();
    act(() => void redirectToLogin("/archive?status=paid", navigate));
    act(() => vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1));
    expect(screen.getByRole("alert").textContent).toBe("UnauthorizedYou are logged out. Logging in again...");
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/api/login?returnTo=%2Farchive%3Fstatus%3Dpaid");
  });

  it("can be called off before it fires", () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const cancel = redirectToLogin("/contacts", navigate);
    cancel();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
  });
});
