import { afterEach, describe, expect, it, vi } from "vitest";
import { openToasts } from "./toast";
import { redirectToLogin, UNAUTHORIZED_REDIRECT_MS } from "./unauthorized";

describe("redirectToLogin (spec §4 Auth)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows 'Unauthorized', then goes to sign-in after 500 ms, keeping the way back", () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    redirectToLogin("/archive?status=paid", navigate);
    expect(openToasts().map((t) => t.title)).toEqual(["Unauthorized"]);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
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
