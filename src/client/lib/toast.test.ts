import { afterEach, describe, expect, it, vi } from "vitest";
import { openToasts, TOAST_DEFAULT_DURATION, toast } from "./toast";

describe("toast (spec §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time, the newest replacing the old", () => {
    vi.useFakeTimers();
    toast({ title: "First" });
    toast({ title: "Second", description: "Details", variant: "destructive" });
    expect(openToasts().map((t) => [t.title, t.description, t.variant])).toEqual([
      ["Second", "Details", "destructive"],
    ]);
  });

  it("hides a toast after 5000 ms, or after its own duration", () => {
    vi.useFakeTimers();
    toast({ title: "Default" });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1);
    expect(openToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(openToasts()).toHaveLength(0);
    toast({ title: "Venmo", duration: 6000 });
    vi.advanceTimersByTime(5999);
    expect(openToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(openToasts()).toHaveLength(0);
  });

  it("can be dismissed early", () => {
    const dismiss = toast({ title: "Bye" });
    dismiss();
    expect(openToasts()).toHaveLength(0);
  });
});
