import type { LabelHTMLAttributes } from "react";
import { cn } from "#client/lib/cn.ts";

const SIZES = { sm: "text-sm font-medium", base: "text-base font-semibold" } as const;

type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { size?: keyof typeof SIZES };

export function Label({ className, size = "sm", ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap their control
    <label
      className={cn("text-slate-800 select-none dark:text-slate-200", SIZES[size], className)}
      {...props}
    />
  );
}
