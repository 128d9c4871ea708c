import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "#client/lib/cn.ts";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text input; 16px text so phones do not zoom on focus. */
export function Input({ className, type, ...props }: InputProps) {
  return (
    <input
      type={type ?? "text"}
      className={cn(
        "block h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs",
        "dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:border-emerald-500",
        "placeholder:text-slate-400 focus:border-emerald-600 focus:outline-none focus:ring-3 focus:ring-emerald-600/20",
        "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:disabled:bg-slate-800 dark:disabled:text-slate-400",
        "read-only:bg-slate-100 read-only:text-slate-600 read-only:focus:border-slate-300 read-only:focus:ring-slate-300/40",
        "dark:read-only:bg-slate-800 dark:read-only:text-slate-300 dark:read-only:focus:border-slate-600",
        "aria-invalid:border-red-500 dark:aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}
