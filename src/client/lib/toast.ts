import { useSyncExternalStore } from "react";

/** Spec §9: at most one toast at once, shown 5000 ms by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
/** Spec §9: a dismissed toast is kept (hidden) this long before it is dropped. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DEFAULT_DURATION. */
  duration?: number;
};

export type ToastItem = Required<Pick<ToastInput, "title" | "variant" | "duration">> & {
  id: number;
  description?: string;
  open: boolean;
};

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function remove(id: number): void {
  clearTimer(id);
  emit(toasts.filter((t) => t.id !== id));
}

/** Hides a toast; it is dropped from the list after TOAST_REMOVE_DELAY. */
export function dismissToast(id: number): void {
  clearTimer(id);
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  timers.set(
    id,
    setTimeout(() => remove(id), TOAST_REMOVE_DELAY),
  );
}

/** Shows a toast, replacing the one on screen. Returns a function that dismisses it. */
export function toast({ title, description, variant = "default", duration }: ToastInput): () => void {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title,
    description,
    variant,
    duration: duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  for (const old of toasts.slice(TOAST_LIMIT - 1)) clearTimer(old.id);
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), item.duration),
  );
  return () => dismissToast(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

/** The toasts on screen now (outside React, e.g. in tests). */
export function openToasts(): readonly ToastItem[] {
  return toasts.filter((t) => t.open);
}

/** The toasts currently open, for the Toaster. */
export function useToasts(): readonly ToastItem[] {
  const all = useSyncExternalStore(subscribe, getSnapshot);
  return all.filter((t) => t.open);
}
