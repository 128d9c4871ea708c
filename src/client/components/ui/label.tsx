import { Root } from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

const SIZES = { sm: "text-sm font-medium", base: "text-base font-semibold" } as const;

type LabelProps = ComponentProps<typeof Root> & { size?: keyof typeof SIZES };

export function Label({ className, size = "sm", ...props }: LabelProps) {
  return (
    <Root
      className={cn("text-slate-800 select-none dark:text-slate-200", SIZES[size], className)}
      {...props}
    />
  );
}
