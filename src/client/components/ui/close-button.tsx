import { X } from "lucide-react";
import { cn } from "#client/lib/cn.ts";

const SIZES = {
  /** A toast's corner. */
  sm: { button: "size-8 rounded-lg", icon: "size-4" },
  /** A dialog's corner: a 44px tap target. */
  md: { button: "size-11 rounded-xl", icon: "size-5" },
} as const;

type CloseButtonProps = {
  /** The accessible name, e.g. "Close" or "Dismiss notification". */
  label: string;
  onClick: () => void;
  size: keyof typeof SIZES;
  /** Placement and colours, which depend on what the button sits on. */
  className?: string;
};

/** The X in the corner of a dialog or a toast. */
export function CloseButton({ label, onClick, size, className }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        "grid shrink-0 place-items-center transition-colors focus-visible:outline-2",
        SIZES[size].button,
        className,
      )}
    >
      <X aria-hidden="true" className={SIZES[size].icon} />
    </button>
  );
}
