import { cleanup } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";

// Timeouts run on a fake clock that keeps pace with real time (20 ms steps), so each test runs as
// it would with real ones but nothing it scheduled outlives it: sonner, for one, drops a dismissed
// or replaced toast 200 ms later by updating React state, which throws "window is not defined"
// once the file's document is torn down. A test may take the clock over (vi.useFakeTimers()).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
});

// Each component test starts from an empty document and no toast; the timeouts still pending die
// with the fake clock.
afterEach(() => {
  cleanup();
  sonner.dismiss();
  vi.clearAllTimers();
  vi.useRealTimers();
});
