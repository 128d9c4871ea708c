import { X } from "lucide-react";
import { cn } from "#client/lib/cn.ts";

type CloseButtonProps = {
  /** The accessible name, e.g. "Close" or "Dismiss notification". */
  label: string;
  onClick: () => void;
  /** Placement and colours, which depend on what the button sits on. */
  className?: string;
};

/** The X in the corner of a dialog, a banner or a toast: a 44 px tap target wherever it sits. */
export function CloseButton({ label, onClick, className }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        "grid size-11 shrink-0 place-items-center rounded-xl transition-colors focus-visible:outline-2",
        className,
      )}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
