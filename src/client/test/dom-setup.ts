import { cleanup, type RenderHookOptions, type RenderOptions } from "@testing-library/react";
import type { ReactNode } from "react";
import { toast as sonner } from "sonner";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { reportAnswer } from "#client/lib/connection.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { api, unanswered } from "./msw";

// Every render sits inside the app's language provider, as main.tsx's root does: a screen's
// words come from `useLingui()` (client/lib/i18n.tsx), English unless a test switches.
vi.mock("@testing-library/react", async (importOriginal) => {
  const rtl = await importOriginal<typeof import("@testing-library/react")>();
  const { AppI18n } = await import("#client/lib/i18n.tsx");
  return {
    ...rtl,
    render: ((ui: ReactNode, options?: RenderOptions) =>
      rtl.render(ui, { wrapper: AppI18n, ...options })) as typeof rtl.render,
    renderHook: (<R, P>(hook: (props: P) => R, options?: RenderHookOptions<P>) =>
      rtl.renderHook(hook, { wrapper: AppI18n, ...options })) as typeof rtl.renderHook,
  };
});

// Every request a component makes meets msw (test/msw.ts), never the network.
beforeAll(() => {
  api.listen();
});
afterAll(() => {
  api.close();
});

// Timeouts run on a fake clock that keeps pace with real time (20 ms steps), so each test runs as
// it would with real ones but nothing it scheduled outlives it: sonner, for one, drops a dismissed
// or replaced toast 200 ms later by updating React state, which throws "window is not defined"
// once the file's document is torn down. A test may take the clock over (vi.useFakeTimers()).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
});

// Each component test starts from an empty document, no toast and only the catch-all handler;
// the timeouts still pending die with the fake clock. A request nothing answered fails the test.
afterEach(() => {
  cleanup();
  // The app's one query client (test/render.tsx) starts empty, as after a fresh page load; the
  // page is at / with empty storage (the files of a worker share one window: vitest.config.ts).
  queryClient.clear();
  window.history.replaceState(null, "", "/");
  sessionStorage.clear();
  localStorage.clear();
  sonner.dismiss();
  vi.clearAllTimers();
  vi.useRealTimers();
  api.resetHandlers();
  // A network error a test made leaves the "You're offline" state (lib/connection.ts) for the next.
  reportAnswer();
  const unexpected = unanswered.splice(0);
  if (unexpected.length > 0) throw new Error(`No handler answered ${unexpected.join(", ")} (test/msw.ts)`);
});
