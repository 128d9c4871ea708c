import { Indicator, Root } from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

/** Radix checkbox: a <button role="checkbox">, named by a <Label htmlFor>. */
export function Checkbox({ className, ...props }: ComponentProps<typeof Root>) {
  return (
    <Root
      className={cn(
        "peer grid size-5 shrink-0 place-items-center rounded-md border border-slate-400 bg-white transition-colors dark:border-slate-500 dark:bg-slate-900",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600",
        "data-[state=checked]:border-emerald-600 data-[state=checked]:bg-emerald-600 data-[state=checked]:text-white",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <Indicator>
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      </Indicator>
    </Root>
  );
}
