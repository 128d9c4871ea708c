import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { countClaim, useClaimsSeen } from "#client/features/payment-requests/live-updates.ts";
import { RequestList } from "#client/features/payment-requests/request-list.tsx";
import { renderWithApp } from "#client/test/render.tsx";
import { titleWithCount, useDocumentTitle } from "./page-titles";

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}
function SeenList() {
  useClaimsSeen();
  return null;
}

describe("the count of new claims in the tab title", () => {
  afterEach(() => {
    // Leave no count behind for the next test.
    render(<SeenList />).unmount();
  });

  it("puts the count in front while it is non-zero", () => {
    expect(titleWithCount("Home · Collect", 2)).toBe("(2) Home · Collect");
    expect(titleWithCount("Home · Collect", 0)).toBe("Home · Collect");
  });

  it("stays in every title while the person navigates, until a visible list is seen", () => {
    const view = render(<Titled title="Home · Collect" />);
    act(() => {
      countClaim();
      countClaim();
    });
    expect(document.title).toBe("(2) Home · Collect");
    view.rerender(<Titled title="Profile · Collect" />);
    expect(document.title).toBe("(2) Profile · Collect");
    act(() => {
      renderWithApp(
        <RequestList
          requests={[]}
          markPaid={{ label: "", success: () => ({ title: "", description: "" }), failure: "" }}
        />,
      );
    });
    expect(document.title).toBe("Profile · Collect");
  });

  it("is not reset while the tab is hidden", () => {
    const view = render(<Titled title="Home · Collect" />);
    act(() => countClaim());
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    try {
      const list = render(<SeenList />);
      act(() => {
        document.dispatchEvent(new Event("visibilitychange"));
      });
      expect(document.title).toBe("(1) Home · Collect");
      list.unmount();
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    view.unmount();
  });
});
