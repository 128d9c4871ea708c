import { useLingui } from "@lingui/react";
import { cn } from "#client/lib/cn.ts";
import type { RequestStatus } from "#shared/schemas/payment-request.ts";

const STYLES: Record<RequestStatus, string> = {
  pending:
    "bg-amber-100 text-amber-800 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
  paid: "bg-emerald-100 text-emerald-800 ring-emerald-200 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  cancelled:
    "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
};

/** Each status as the pill reads it. */
const LABELS: Record<RequestStatus, string> = {
  pending: /*i18n*/ "pending",
  paid: /*i18n*/ "paid",
  cancelled: /*i18n*/ "cancelled",
};

/** A request's status as a coloured pill reading the status itself (docs/product.md "Home", "Archive"). */
export function StatusBadge({ status, className }: { status: RequestStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn(
        "inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold ring-1 ring-inset",
        STYLES[status],
        className,
      )}
    >
      {i18n._(LABELS[status])}
    </span>
  );
}
