import { createElement } from "react";
import { toast as sonner } from "sonner";
import { ToastCard, type ToastVariant } from "../components/toaster";

/** Shown this long unless a toast asks for its own time (docs/product.md). */
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DEFAULT_DURATION. */
  duration?: number;
};

/**
 * Shows a toast (sonner draws and times it), replacing the one on screen: one shows at a time.
 * Returns a function that dismisses it.
 */
export function toast({ title, description, variant = "default", duration }: ToastInput): () => void {
  sonner.dismiss();
  const id = sonner.custom(
    (toastId) =>
      createElement(ToastCard, { title, description, variant, onDismiss: () => sonner.dismiss(toastId) }),
    { duration: duration ?? TOAST_DEFAULT_DURATION },
  );
  return () => sonner.dismiss(id);
}
