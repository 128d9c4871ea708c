import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { cn } from "#client/lib/cn.ts";
import { CloseButton } from "./close-button";

type DialogProps = {
  title: string;
  description?: ReactNode;
  /** Called on Esc, the close button or a tap outside; the parent then stops rendering the dialog. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/** Keeps Tab and Shift+Tab inside the dialog: past the last control, back to the first. */
function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent<HTMLDialogElement>) {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const target = event.shiftKey ? last : first;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement === edge || !dialog.contains(document.activeElement)) {
    event.preventDefault();
    target.focus();
  }
}

/**
 * A modal dialog, open while rendered: a bottom sheet on phones, a centred panel from `sm`. The
 * native <dialog> with showModal() makes the page behind inert, moves focus in (to the element
 * marked data-autofocus, if any) and closes on Esc; Tab stays inside; focus goes back to whatever
 * opened it.
 */
export function Dialog({ title, description, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onKeyDown={(event) => {
        if (event.key === "Tab" && ref.current) trapTab(ref.current, event);
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser without a cancel event (e.g. repeated Esc): keep the parent in step.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      // The dialog box itself fills the backdrop's click area only outside its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        "m-0 mt-auto max-h-[92dvh] w-full max-w-full overflow-y-auto overscroll-contain rounded-t-3xl bg-white p-0 text-slate-900 shadow-xl",
        "sm:m-auto sm:max-w-md sm:rounded-3xl",
        "backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700",
        className,
      )}
    >
      <div className="p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={`${id}-description`} className="text-sm break-words text-slate-600 dark:text-slate-400">
                {description}
              </p>
            ) : null}
          </div>
          <CloseButton
            label="Close"
            onClick={onClose}
            size="md"
            className="-mt-2 -mr-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-800"
          />
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
