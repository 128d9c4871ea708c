import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "#client/lib/cn.ts";
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
   * threw away what was typed); Esc, the close button and the form's own Cancel still do.
   */
  holdsInput?: boolean;
};

/** Whatever had focus when the dialog opened, to return it to. */
const focusedNow = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

let opened = 0;

/**
 * Whether the page is being left for another document (a sign-out, an account deleted): a Back
 * taken then would cancel that load. Browsers with the Navigation API say so as it starts.
 */
let leaving = false;
if (typeof window !== "undefined") {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener("navigate", (event) => {
    if (!(event as Event & { destination: { sameDocument: boolean } }).destination.sameDocument)
      leaving = true;
  });
  window.addEventListener("pagehide", () => {
    leaving = true;
  });
  window.addEventListener("pageshow", () => {
    leaving = false;
  });
}

/**
 * The phone's Back closes the dialog, as it closes a native sheet, instead of leaving the page
 * behind it: opening adds a history entry for the same address, marked as this dialog's; Back
 * takes it off and closes. Closed any other way, the entry is taken off again, unless something
 * has moved on from it since (a navigation the dialog started), which keeps its own entry.
 */
function useCloseOnBack(onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const id = ++opened;
    const ours = () => (window.history.state as { collectDialog?: number } | null)?.collectDialog === id;
    window.history.pushState({ ...window.history.state, collectDialog: id }, "");
    let popped = false;
    const onPop = () => {
      if (ours()) return;
      popped = true;
      close.current();
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      // A turn later: a navigation started with the close goes first and keeps the entry (and
      // React's development double mount finds its second entry current, not this one). Not
      // while the page is being left: the Back would cancel that load.
      if (!popped) setTimeout(() => !leaving && ours() && window.history.back(), 0);
    };
  }, []);
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
}: DialogProps) {
  const [opener] = useState(focusedNow);
  // At once rather than on Radix's next tick, so an action run right after closing
  // (confirm-dialog.tsx) finds focus where it was.
  useEffect(() => () => opener?.focus(), [opener]);
  useCloseOnBack(onClose);

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
                  label="Close"
                  onClick={onClose}
                  className="-mt-2 -mr-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-800"
                />
              </div>
              <div className="mt-4">{children}</div>
            </div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
