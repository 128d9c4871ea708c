import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebounced } from "./use-debounced";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useDebounced", () => {
  it("answers a value only once it has held still for the delay", () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), {
      initialProps: { value: "" },
    });
    rerender({ value: "a" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: "al" });
    act(() => vi.advanceTimersByTime(200));
    // 400 ms since the first key, but only 200 since the last: still the first value.
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe("al");
  });
});
