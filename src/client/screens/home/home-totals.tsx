import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { requestSummaryQuery } from "#client/features/payment-requests/api.ts";
import { totalsOf } from "#client/features/payment-requests/totals.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";

/**
 * What is still owed and what has come in, over the whole history (the server's sums, the same
 * query as Archive's totals), side by side so they take one short row on a phone. Nothing shows
 * before the first request.
 */
export function HomeTotals() {
  const summary = useQuery(requestSummaryQuery({}));
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  if (!summary.data || summary.data.count === 0) return null;
  const items = [
    {
      label: i18n._("Outstanding"),
      amount: totalsOf(summary.data, "outstanding", intlLocale),
      tone: "text-amber-700 dark:text-amber-300",
    },
    {
      label: i18n._("Collected"),
      amount: totalsOf(summary.data, "collected", intlLocale),
      tone: "text-emerald-700 dark:text-emerald-400",
    },
  ];
  return (
    <section aria-label={i18n._("Totals")} className="mt-3 sm:mt-6">
      <dl className="grid grid-cols-2 gap-3">
        {items.map(({ label, amount, tone }) => (
          <div
            key={label}
            className="min-w-0 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80 sm:px-5 sm:py-4 dark:bg-slate-900 dark:shadow-none dark:ring-slate-800"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd
              className={cn(
                "text-lg font-bold tracking-tight tabular-nums [overflow-wrap:anywhere] sm:text-2xl",
                tone,
              )}
            >
              {amount}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
