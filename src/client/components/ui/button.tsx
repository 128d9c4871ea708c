import { Slot } from "@radix-ui/react-slot";
import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "#client/lib/cn.ts";

const VARIANTS = {
  // emerald-700, not 600: white text needs 4.5:1 (WCAG 1.4.3), and 600 gives about 3.7:1.
  primary: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900",
  secondary:
    "bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 active:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700 dark:active:bg-slate-600",
  ghost:
    "text-slate-700 hover:bg-slate-100 active:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 dark:active:bg-slate-700",
  destructive:
    "bg-white text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 active:bg-red-100 dark:bg-slate-900 dark:text-red-400 dark:ring-red-900 dark:hover:bg-red-950/60 dark:active:bg-red-950",
} as const;

const SIZES = {
  // Every size is at least a 44 px tap target; sm is narrower, not shorter. A label longer than
  // the line (German, Arabic at 320 px) wraps inside the button instead of widening the page.
  sm: "min-h-11 px-3 py-1.5 text-sm gap-1.5",
  md: "min-h-11 px-4 py-1.5 text-sm gap-2",
  lg: "min-h-12 px-6 py-2 text-base gap-2",
  icon: "size-11",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the single child (a link) with the button's look instead of a <button>. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export const buttonClass = (variant: keyof typeof VARIANTS = "primary", size: keyof typeof SIZES = "md") =>
  cn(
    "inline-flex max-w-full shrink-0 items-center justify-center rounded-xl text-center font-semibold transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400",
    // aria-disabled: a busy submit button looks disabled but keeps focus (a disabled one drops it to the page).
    "disabled:pointer-events-none disabled:opacity-60 aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
  );

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonClass(variant, size), className)} {...props} />;
  return <button type={type ?? "button"} className={cn(buttonClass(variant, size), className)} {...props} />;
}
