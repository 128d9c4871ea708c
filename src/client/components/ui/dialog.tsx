import { useLingui } from "@lingui/react";
import * as RadixDialog from "@radix-ui/react-dialog";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cn } from "#client/lib/cn.ts";
import { isLeavingPage } from "#client/lib/leave-page.ts";
import { Button } from "./button";
import { CloseButton } from "./close-button";

type DialogProps = {
  title: string;
  description?: ReactNode;
  /** Called on Esc, the close button, the phone's Back or a tap outside; the parent then stops rendering the dialog. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /**
   * A form someone types into: a tap outside does not close it (a stray tap above a bottom sheet
   * threw away what was typed), and once something is typed the phone's Back asks first
   * ("Discard what you typed?": Keep editing, or Discard, or Back again); Esc, the close button
   * and the form's own Cancel still close at once.
   */
  holdsInput?: boolean;
  /**
   * History state of what the form opens holding, typed on another screen (Repeat this request's
   * draft): kept in the dialog's own entry, so a reload there opens it again with it, and counted
   * as typed, so Back asks before throwing it away. What is typed in the form since follows into
   * the entry through useKeepDraft.
   */
  draft?: object;
};

/** Whatever had focus when the dialog opened, to return it to. */
const focusedNow = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

type DialogEntry = { collectDialog?: string };

let opened = 0;
/** The entries of the dialogs open now. */
const live = new Set<string>();
/** Unique to this page load: an entry left over from before a reload is never taken for a live one. */
const newEntryId = () => `${performance.timeOrigin}:${++opened}`;
const currentEntry = () => (window.history.state as DialogEntry | null)?.collectDialog;

/**
 * Entries of dialogs just closed, each taken off once React has finished the render that closed
 * it. A dialog opened in that render (one replacing another, React's development double mount)
 * takes over the current one instead of adding another, as it does an entry no dialog holds.
 */
const closing = new Set<string>();

function takeOff(id: string) {
  closing.add(id);
  // A microtask, not a timer: the Back is asked for within the tap or key that closed the
  // dialog, so a page load started right after it (a link, the address bar) comes later and
  // wins; a timer's Back came after such a load had begun and cancelled it.
  queueMicrotask(() => {
    // Taken over by a dialog opened since; or a navigation started with the close went first
    // and keeps its entry; and a page being left takes no Back, which would cancel that load.
    if (closing.delete(id) && currentEntry() === id && !isLeavingPage()) window.history.back();
  });
}

function putOn(id: string, draft?: object) {
  const current = currentEntry();
  const state = { ...window.history.state, ...draft, collectDialog: id };
  // A dialog just closed, or one of the page before a reload (the reload kept its entry): taken over.
  // Refused (too many history writes): the dialog works on, without an entry of its own.
  if (current && (closing.delete(current) || !live.has(current))) writeHistory("replace", state);
  else writeHistory("push", state);
}

// Forward onto the entry of a dialog closed since (by Back, or taken off) showed nothing and left
// a Back that did nothing either: such an entry is stepped off at once (stepOffLeftOver).
const isLeftOver = (id: string | undefined): id is string => !!id && !live.has(id) && !closing.has(id);

/** What this file needs of the Navigation API, where the browser has it (Chromium does). */
type EntryChange = { from: { index: number } };
type NavigationLike = {
  currentEntry: { index: number } | null;
  entries(): unknown[];
  addEventListener(type: "currententrychange", listener: (event: EntryChange) => void): void;
  removeEventListener(type: "currententrychange", listener: (event: EntryChange) => void): void;
};
const navigationApi = () => (window as unknown as { navigation?: NavigationLike }).navigation;
/** Whether the last move through history went forward (told before popstate; false without the API). */
let cameForward = false;
const onEntryChange = (event: EntryChange) => {
  cameForward = (navigationApi()?.currentEntry?.index ?? -1) > event.from.index;
};
/**
 * Stepped off in the direction the person was going: Forward goes on to the entry after (a page
 * a dialog's link opened), if there is one; otherwise, and without the Navigation API, back.
 */
const stepOffLeftOver = () => {
  if (!isLeftOver(currentEntry()) || isLeavingPage()) return;
  const navigation = navigationApi();
  const index = navigation?.currentEntry?.index ?? -1;
  const later = navigation ? navigation.entries().length - 1 > index : false;
  if (cameForward && later) window.history.forward();
  else window.history.back();
};
if (typeof window !== "undefined") {
  window.addEventListener("popstate", stepOffLeftOver);
  navigationApi()?.addEventListener("currententrychange", onEntryChange);
  // A module replaced in development takes its listeners (and its `live`) with it.
  import.meta.hot?.dispose(() => {
    window.removeEventListener("popstate", stepOffLeftOver);
    navigationApi()?.removeEventListener("currententrychange", onEntryChange);
  });
}

/**
 * The phone's Back closes the dialog, as it closes a native sheet, instead of leaving the page
 * behind it: opening adds a history entry for the same address, marked as this dialog's; Back
 * takes it off and closes. Closed any other way, the entry is taken off again, unless something
 * has moved on from it since (a navigation the dialog started), which keeps its own entry.
 * `holds` returning true keeps the dialog open (it asks first): the entry is put back for the next Back.
 */
function useCloseOnBack(onClose: () => void, holds?: () => boolean, draft?: object) {
  const close = useRef(onClose);
  close.current = onClose;
  const hold = useRef(holds);
  hold.current = holds;
  // The entry is made once, as the dialog opens, with the draft it opened with; what is typed
  // since follows into it through `keep` (below).
  const latest = useRef(draft);
  const entry = useRef<string>(undefined);
  const due = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastWrite = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const id = newEntryId();
    entry.current = id;
    const address = window.location.href;
    live.add(id);
    putOn(id, latest.current);
    let popped = false;
    const onPop = () => {
      const current = currentEntry();
      // Back onto its own entry (from a nested dialog's): what was typed meanwhile goes in now.
      if (current === id) {
        keepDraft(id, latest.current);
        return;
      }
      // One no open dialog holds (Forward onto an inner dialog closed since), which
      // stepOffLeftOver leaves at once: the step after it decides.
      if (isLeftOver(current)) return;
      // Back by one step to this page's own entry, and the dialog stays: its entry again.
      if (window.location.href === address && hold.current?.()) {
        writeHistory("push", { ...window.history.state, ...latest.current, collectDialog: id });
        return;
      }
      popped = true;
      close.current();
    };
    // Hidden (another app, a locked phone, which may drop the tab): a write still due goes now.
    const onHidden = () => {
      if (document.visibilityState !== "hidden" || due.current === undefined) return;
      clearTimeout(due.current);
      due.current = undefined;
      keepDraft(id, latest.current);
    };
    window.addEventListener("popstate", onPop);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      live.delete(id);
      clearTimeout(due.current);
      due.current = undefined;
      window.removeEventListener("popstate", onPop);
      document.removeEventListener("visibilitychange", onHidden);
      if (!popped) takeOff(id);
    };
  }, []);
  // What the form holds now, into the dialog's entry: at once, then at most once every
  // DRAFT_EVERY_MS with the latest (a keystroke each would spend Safari's 100 history writes in
  // 30 s, after which every pushState in the tab throws, and Chromium's 200 in 10 s, after which
  // it ignores them). A refused write is tried again.
  const keep = useCallback((next: object) => {
    latest.current = next;
    if (due.current !== undefined) return;
    const write = () => {
      due.current = undefined;
      lastWrite.current = performance.now();
      if (!keepDraft(entry.current, latest.current)) due.current = setTimeout(write, DRAFT_EVERY_MS);
    };
    const wait = lastWrite.current + DRAFT_EVERY_MS - performance.now();
    if (wait <= 0) write();
    else due.current = setTimeout(write, wait);
  }, []);
  return keep;
}

/** A form dialog's draft goes into its history entry at most this often (useKeepDraft). */
const DRAFT_EVERY_MS = 1_000;

/** A history write; false, and nothing written, where the browser refuses it (too many). */
function writeHistory(how: "push" | "replace", state: object): boolean {
  try {
    if (how === "push") window.history.pushState(state, "");
    else window.history.replaceState(state, "");
    return true;
  } catch {
    return false;
  }
}

/** `draft` into the entry of dialog `id`, if that entry is the current one; false if the browser refused. */
function keepDraft(id: string | undefined, draft: object | undefined): boolean {
  if (!id || !draft || currentEntry() !== id) return true;
  return writeHistory("replace", { ...window.history.state, ...draft, collectDialog: id });
}

const KeepDraft = createContext<(draft: object) => void>(() => {});

/**
 * For a form in a Dialog: a function taking what the form holds now (history state, read back
 * through the form's own schema), kept in the dialog's entry so a reload there opens the form
 * again with it. Outside a Dialog it keeps nothing.
 */
export const useKeepDraft = () => useContext(KeepDraft);

/** For a modal that is not a Dialog (Uppy's photo picker): the phone's Back closes it while this is rendered. */
export function CloseOnBack({ onClose }: { onClose: () => void }) {
  useCloseOnBack(onClose);
  return null;
}

/**
 * Back in a dialog holding typed input: the question, and what answers it. `typed` is set by the
 * dialog's first input event; `holds` asks instead of closing (true), and asks only once: a
 * second Back while asked is the answer "discard", as on Android. Typing on, or Esc, is the
 * answer "keep editing": the next Back asks again.
 */
function useAskBeforeDiscard(holdsInput: boolean, onClose: () => void, typedElsewhere: boolean) {
  const [asking, setAsking] = useState(false);
  const { i18n } = useLingui();
  const typed = useRef(typedElsewhere);
  const keep = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const labelId = useId();
  const keepEditing = () => {
    setAsking(false);
    returnTo.current?.focus();
  };
  const holds = () => {
    if (!holdsInput || !typed.current || asking) return false;
    returnTo.current = focusedNow();
    setAsking(true);
    return true;
  };
  const question = asking ? (
    // Focus moves to Keep editing: a screen reader says the group's name and description then.
    // (A floated legend lays out as a plain line instead of sitting on the border.)
    <fieldset
      aria-describedby={`${labelId}-d`}
      className="mt-4 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-400/10 dark:ring-amber-400/30"
    >
      <legend className="float-start w-full font-semibold">{i18n._("Discard what you typed?")}</legend>
      <p id={`${labelId}-d`} className="clear-both pt-1 text-sm text-slate-600 dark:text-slate-400">
        {i18n._("Back again discards it too.")}
      </p>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" ref={keep} onClick={keepEditing}>
          {i18n._("Keep editing")}
        </Button>
        <Button variant="destructive" onClick={onClose}>
          {i18n._("Discard")}
        </Button>
      </div>
    </fieldset>
  ) : null;
  const onInput = () => {
    typed.current = true;
    if (asking) setAsking(false);
  };
  /** Esc while asked keeps editing; otherwise it closes, as always. */
  const onEscape = (event: KeyboardEvent) => {
    if (!asking) return;
    event.preventDefault();
    keepEditing();
  };
  return { holds, question, onInput, onEscape };
}

/**
 * A modal dialog, open while rendered: a bottom sheet on phones, a centred panel from `sm`. Radix
 * hides the page behind from assistive technology, keeps Tab inside, stops the page scrolling and
 * closes on Esc or a tap outside (not `holdsInput`'s); focus moves in (to the element marked data-autofocus, if any)
 * and goes back to whatever opened it as the dialog unmounts. The phone's Back closes it too.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  className,
  holdsInput = false,
  draft,
}: DialogProps) {
  const [opener] = useState(focusedNow);
  const { i18n } = useLingui();
  // At once rather than on Radix's next tick, so an action run right after closing
  // (confirm-dialog.tsx) finds focus where it was.
  useEffect(() => () => opener?.focus(), [opener]);
  const ask = useAskBeforeDiscard(holdsInput, onClose, draft !== undefined);
  const keep = useCloseOnBack(onClose, ask.holds, draft);

  return (
    <RadixDialog.Root open onOpenChange={(open) => open || onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 flex bg-slate-950/60">
          <RadixDialog.Content
            aria-modal="true"
            onOpenAutoFocus={(event) => {
              const target = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
                "[data-autofocus]",
              );
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInput={ask.onInput}
            onEscapeKeyDown={ask.onEscape}
            onInteractOutside={(event) => {
              if (holdsInput) event.preventDefault();
            }}
            className={cn(
              "mt-auto max-h-[92dvh] w-full overflow-y-auto overscroll-contain rounded-t-3xl bg-white text-slate-900 shadow-xl outline-none",
              "sm:m-auto sm:max-w-md sm:rounded-3xl",
              "dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700",
              className,
            )}
          >
            <div className="p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
                  {description ? (
                    <RadixDialog.Description className="text-sm break-words text-slate-600 dark:text-slate-400">
                      {description}
                    </RadixDialog.Description>
                  ) : null}
                </div>
                <CloseButton
                  label={i18n._("Close")}
                  onClick={onClose}
                  className="-mt-2 -me-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-800"
                />
              </div>
              {ask.question}
              <div className="mt-4">
                <KeepDraft.Provider value={keep}>{children}</KeepDraft.Provider>
              </div>
            </div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
