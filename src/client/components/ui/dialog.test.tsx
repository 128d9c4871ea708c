import { act, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isLeavingPage, leavePage } from "#client/lib/leave-page.ts";
import { useConfirm } from "./confirm-dialog";

import { Dialog, useKeepDraft } from "./dialog";

/** A page with an opener and, while open, a dialog holding two controls, one marked to take focus. */
function Page({
  onClose = () => {},
  holdsInput = false,
  draft,
}: {
  onClose?: () => void;
  holdsInput?: boolean;
  draft?: object;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Edit contact"
          description="Alex Kim"
          onClose={close}
          holdsInput={holdsInput}
          draft={draft}
        >
          <input aria-label="Name" data-autofocus />
          <button type="button">Save</button>
        </Dialog>
      ) : null}
    </>
  );
}

/** A form that hands its dialog what it holds (useKeepDraft). */
function KeepingForm() {
  const keep = useKeepDraft();
  return <input aria-label="Note" onChange={(event) => keep({ note: event.target.value })} />;
}

const open = () => {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe("Dialog", () => {
  it("is a modal dialog named by its title and described by its description, focus on data-autofocus", () => {
    render(<Page />);
    open();
    const dialog = screen.getByRole("dialog", { name: "Edit contact" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const description = document.getElementById(dialog.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Alex Kim");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    // The page behind is hidden from assistive technology while it is open.
    expect(screen.queryByRole("button", { name: "Open" })).toBeNull();
  });

  it("keeps Tab inside: past the last control back to the first, and Shift+Tab the other way", () => {
    render(<Page />);
    open();
    const dialog = screen.getByRole("dialog");
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    fireEvent.keyDown(save, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(save);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it.each([
    ["Esc", () => fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" })],
    ["the close button", () => fireEvent.click(screen.getByRole("button", { name: "Close" }))],
  ])("closes on %s and gives focus back to the opener", (_how, close) => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = open();
    close();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it.each([
    [false, 1],
    [true, 0],
  ])("a tap outside closes it unless it holds input (holdsInput %s)", async (holdsInput, closes) => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput={holdsInput} />);
    open();
    const dialog = screen.getByRole("dialog");
    const overlay = dialog.parentElement as HTMLElement;
    // Radix listens for taps outside from the next tick on (the opening tap is not one).
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.pointerDown(overlay, { button: 0, pointerType: "mouse" });
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(closes);
    expect(screen.queryAllByRole("dialog")).toHaveLength(1 - closes);
  });
});

function Confirming({ onConfirm }: { onConfirm: () => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          confirm({ question: "Delete Alex?", confirmLabel: "Delete", destructive: true, onConfirm })
        }
      >
        Open
      </button>
      {dialog}
    </>
  );
}

describe("useConfirm", () => {
  it("starts on the safe choice, and runs the action with focus already back on the opener", () => {
    let focusedOnConfirm: Element | null = null;
    render(<Confirming onConfirm={() => (focusedOnConfirm = document.activeElement)} />);
    const opener = open();
    const dialog = screen.getByRole("dialog", { name: "Delete Alex?" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(focusedOnConfirm).toBe(opener);
    expect(dialog.isConnected).toBe(false);
  });

  it("says no on Cancel without running the action", () => {
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />);
    open();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

/** A dialog open inside another, as a confirm asked from a form would be. */
function Nested({ onOuterClose }: { onOuterClose: () => void }) {
  const [inner, setInner] = useState(true);
  return (
    <Dialog title="Outer" onClose={onOuterClose}>
      <input aria-label="Outer name" />
      {inner ? (
        <Dialog title="Inner" onClose={() => setInner(false)}>
          <button type="button">Inner button</button>
        </Dialog>
      ) : null}
    </Dialog>
  );
}

describe("Dialog and the phone's Back", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
  const spies = () => ({
    back: vi.spyOn(window.history, "back").mockImplementation(() => {}),
    push: vi.spyOn(window.history, "pushState"),
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("opening adds an entry for the same address; closed with its button, the entry is taken off", async () => {
    const { back, push } = spies();
    render(<Page />);
    open();
    expect(push).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await tick();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("Back (the entry taken off) closes it", () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    open();
    // What Back does: the previous entry is current, then popstate.
    window.history.replaceState(null, "");
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  /** What Back does: the previous entry is current, then popstate. */
  const pressBack = () => {
    window.history.replaceState(null, "");
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
  };

  // Back on a sheet with typed input threw what was typed away; Android's own forms ask first.
  it("holding typed input, Back asks first: Keep editing keeps it, Back again discards", () => {
    const { push } = spies();
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput />);
    open();
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    fireEvent.input(name, { target: { value: "Zoë Park" } });
    pressBack();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "Discard what you typed?" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep editing" }));
    // Its entry is back, for the next Back to take.
    expect(push).toHaveBeenCalledTimes(2);
    expect((window.history.state as { collectDialog?: string }).collectDialog).toBe(
      (push.mock.calls[0]?.[0] as { collectDialog?: string } | undefined)?.collectDialog,
    );
    fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("group")).toBeNull();
    expect(name.value).toBe("Zoë Park");
    expect(document.activeElement).toBe(name);

    pressBack();
    expect(screen.getByRole("group", { name: "Discard what you typed?" })).toBeTruthy();
    pressBack();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  // Asked, then typing on or Esc left the question up: the next Back threw everything away.
  it.each([
    ["typing on", () => fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Zoë P" } })],
    ["Esc", () => fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" })],
  ])("asked, %s keeps editing, and the next Back asks again", (_how, answer) => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput />);
    open();
    fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Zoë" } });
    pressBack();
    expect(screen.getByRole("group", { name: "Discard what you typed?" })).toBeTruthy();
    answer();
    expect(screen.queryByRole("group")).toBeNull();
    expect(screen.getByRole("dialog")).toBeTruthy();
    pressBack();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "Discard what you typed?" })).toBeTruthy();
  });

  it("asked, Discard closes it and takes its entry off", async () => {
    const { back } = spies();
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput />);
    open();
    fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Z" } });
    pressBack();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    await tick();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["nothing was typed", true],
    ["it holds no input", false],
  ])("Back closes at once when %s", (_when, holdsInput) => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput={holdsInput} />);
    open();
    if (!holdsInput) fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Z" } });
    pressBack();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("group")).toBeNull();
  });

  // Forward after Back had closed a dialog landed on its entry: nothing opened, and the next Back
  // did nothing either (it only left that entry for the page's own, at the same address).
  it("Forward onto the entry of a dialog closed since steps back off it", () => {
    const { back, push } = spies();
    render(<Page />);
    open();
    const entry = push.mock.calls[0]?.[0] as { collectDialog: string } | undefined;
    pressBack();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(back).not.toHaveBeenCalled();
    // Forward: that entry is current again, then popstate.
    window.history.replaceState(entry, "");
    window.dispatchEvent(new PopStateEvent("popstate", { state: entry }));
    expect(back).toHaveBeenCalledTimes(1);
    // The page's own entries, and an open dialog's, are left alone.
    window.history.replaceState(null, "");
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    open();
    const openEntry = window.history.state as { collectDialog: string };
    window.dispatchEvent(new PopStateEvent("popstate", { state: openEntry }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  // Forward onto the entry of an inner dialog closed since was taken by the outer one for a Back.
  it("Forward onto a closed inner dialog's entry leaves the open outer dialog alone", () => {
    const { back } = spies();
    const outerClose = vi.fn();
    const push = vi.spyOn(window.history, "pushState");
    render(<Nested onOuterClose={outerClose} />);
    const [outerEntry, innerEntry] = push.mock.calls.map((call) => call[0] as object);
    // Back closes the inner one.
    window.history.replaceState(outerEntry, "");
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate", { state: outerEntry }));
    });
    expect(screen.queryByRole("dialog", { name: "Inner" })).toBeNull();
    // Forward onto its entry: stepped off, and the outer dialog stays open.
    window.history.replaceState(innerEntry, "");
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate", { state: innerEntry }));
    });
    expect(back).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Outer" })).toBeTruthy();
  });

  // Repeat this request's draft was lost on a reload while its form was open.
  it("a draft rides in the dialog's own entry and counts as typed", () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} holdsInput draft={{ recurringDraft: { recipientName: "Sam" } }} />);
    open();
    expect(window.history.state).toMatchObject({ recurringDraft: { recipientName: "Sam" } });
    pressBack();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "Discard what you typed?" })).toBeTruthy();
    // Its entry, put back, still carries the draft.
    expect(window.history.state).toMatchObject({ recurringDraft: { recipientName: "Sam" } });
  });

  // What was typed in the recurring form since it opened was lost on a reload: only the draft it
  // opened with was in its entry. Written on every keystroke, it spent Safari's 100 history
  // writes in 30 s, after which opening any dialog threw.
  describe("useKeepDraft", () => {
    const type = (value: string) => fireEvent.change(screen.getByLabelText("Note"), { target: { value } });
    const noteKept = () => (window.history.state as { note?: string } | null)?.note;

    function renderForm() {
      render(
        <Dialog title="New note" onClose={() => {}} holdsInput>
          <KeepingForm />
        </Dialog>,
      );
    }

    it("keeps what the form holds in the dialog's entry: at once, then at most once a second", () => {
      vi.useFakeTimers();
      try {
        const replace = vi.spyOn(window.history, "replaceState");
        renderForm();
        const own = (window.history.state as { collectDialog: string }).collectDialog;
        type("r");
        expect(noteKept()).toBe("r");
        for (const value of ["re", "ren", "rent"]) type(value);
        expect(noteKept()).toBe("r");
        act(() => {
          vi.advanceTimersByTime(1_000);
        });
        expect(noteKept()).toBe("rent");
        expect(replace).toHaveBeenCalledTimes(2);
        expect((window.history.state as { collectDialog: string }).collectDialog).toBe(own);
        // Hidden (the phone locked, or another app): what is due goes at once.
        type("rent!");
        expect(noteKept()).toBe("rent");
        vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
        fireEvent(document, new Event("visibilitychange"));
        expect(noteKept()).toBe("rent!");
      } finally {
        vi.useRealTimers();
      }
    });

    it("tries a refused write again", () => {
      vi.useFakeTimers();
      try {
        renderForm();
        const refuse = vi.spyOn(window.history, "replaceState").mockImplementationOnce(() => {
          throw new DOMException(
            "Attempt to use history.replaceState() more than 100 times",
            "SecurityError",
          );
        });
        type("rent");
        expect(noteKept()).toBeUndefined();
        act(() => {
          vi.advanceTimersByTime(1_000);
        });
        expect(refuse).toHaveBeenCalledTimes(2);
        expect(noteKept()).toBe("rent");
      } finally {
        vi.useRealTimers();
      }
    });

    it("a dialog opened while the browser refuses history writes still opens", () => {
      vi.spyOn(window.history, "pushState").mockImplementation(() => {
        throw new DOMException("Attempt to use history.pushState() more than 100 times", "SecurityError");
      });
      render(<Page />);
      open();
      expect(screen.getByRole("dialog", { name: "Edit contact" })).toBeTruthy();
    });
  });

  it("opened where a reload left a dialog's entry, it takes that entry over instead of adding one", () => {
    const { push } = spies();
    window.history.replaceState({ collectDialog: "before-the-reload:1" }, "");
    const replace = vi.spyOn(window.history, "replaceState");
    render(<Page />);
    open();
    expect(push).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledTimes(1);
    expect((window.history.state as { collectDialog: string }).collectDialog).not.toBe("before-the-reload:1");
  });

  it("mounted twice at once (React's development mode), it still adds one entry and takes it off once", async () => {
    const { back, push } = spies();
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    open();
    await tick();
    expect(push).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await tick();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("closing while the page is being left for another takes no Back, which would cancel that load", async () => {
    const { back } = spies();
    render(<Page />);
    open();
    const loads: string[] = [];
    leavePage("/api/login", "assign", (url) => loads.push(url));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await tick();
    expect(back).not.toHaveBeenCalled();
    expect(loads).toEqual(["/api/login"]);
    // Back on this page from the browser's cache, it is no longer being left.
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
    expect(isLeavingPage()).toBe(false);
  });
});
