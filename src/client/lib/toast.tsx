import { createElement, Fragment, type ReactElement } from "react";
import { toast as sonner } from "sonner";

/** Shown this long unless a toast asks for its own time (docs/product.md). */
export const TOAST_DEFAULT_DURATION = 5000;

type ToastVariant = "default" | "destructive";

/** A button in the toast (Undo): it runs once and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

/** What a toast shows: the toaster draws it (components/toaster.tsx ToastCard). */
export type DrawnToast = {
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  onDismiss: () => void;
};

/**
 * How a toast is drawn, given by components/toaster.tsx when it loads (the app mounts it before
 * anything can toast). This module decides what is shown and when; the components draw it, so
 * helpers here can toast without importing a component.
 */
let draw: (toast: DrawnToast) => ReactElement = () => createElement(Fragment);

export function drawToastsWith(drawer: (toast: DrawnToast) => ReactElement): void {
  draw = drawer;
}

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DEFAULT_DURATION. */
  duration?: number;
  action?: ToastAction;
};

/**
 * Shows a toast (sonner draws and times it), replacing the one on screen: one shows at a time.
 * Returns a function that dismisses it.
 */
export function toast({ title, description, variant = "default", duration, action }: ToastInput): () => void {
  sonner.dismiss();
  const id = sonner.custom(
    (toastId) => draw({ title, description, variant, action, onDismiss: () => sonner.dismiss(toastId) }),
    { duration: duration ?? TOAST_DEFAULT_DURATION },
  );
  return () => sonner.dismiss(id);
}
