import { useLingui } from "@lingui/react";
import { LoaderCircle } from "lucide-react";
import { cn } from "#client/lib/cn.ts";

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}

/** A centred loading block for a page or section, announced as busy. */
export function LoadingBlock({ label, className }: { label?: string; className?: string }) {
  const { i18n } = useLingui();
  return (
    <div
      aria-busy="true"
      className={cn(
        "flex items-center justify-center gap-2 py-16 text-slate-500 dark:text-slate-400",
        className,
      )}
    >
      <Spinner className="size-5 text-emerald-600 dark:text-emerald-400" />
      <span className="text-sm">{label ?? i18n._("Loading…")}</span>
    </div>
  );
}
