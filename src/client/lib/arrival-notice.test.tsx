import { afterEach, describe, expect, it, vi } from "vitest";
import { leaveWithNotice, takeArrivalNotice } from "./arrival-notice";

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  vi.restoreAllMocks();
});

describe("arrival notices (issue 23, item 8)", () => {
  it("says what the page before stored, once", () => {
    vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    leaveWithNotice("accountDeleted", "/");
    expect(takeArrivalNotice()).toBe("accountDeleted");
    expect(takeArrivalNotice()).toBeNull();
  });

  it("says Email confirmed where the link lands, and cleans the address", () => {
    window.history.replaceState(null, "", "/?email-verified=1&x=2#top");
    expect(takeArrivalNotice()).toBe("emailVerified");
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/?x=2#top");
    expect(takeArrivalNotice()).toBeNull();
  });

  it("ignores anything else in storage", () => {
    sessionStorage.setItem("collect.arrival-notice", "toString");
    expect(takeArrivalNotice()).toBeNull();
  });
});
