import { useLingui } from "@lingui/react";
import { ChevronDown, Download, Search } from "lucide-react";
import { useId } from "react";
import { buttonClass } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { totalsOf } from "#client/features/payment-requests/totals.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { serverPaths } from "#client/lib/paths.ts";
import type { PaymentRequestSummary } from "#shared/schemas/payment-request.ts";
import type { HistoryFilter, StatusFilter } from "./history";

/** Each label an English id, shown through `i18n._`. */
const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: /*i18n*/ "All" },
  { value: "pending", label: /*i18n*/ "Pending" },
  { value: "paid", label: /*i18n*/ "Paid" },
  { value: "cancelled", label: /*i18n*/ "Cancelled" },
  { value: "claimed", label: /*i18n*/ "Says paid" },
];

/** The whole history as a file, straight from the server, its dates in this device's time zone. */
export function ExportCsvLink() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const href = tz ? `${serverPaths.exportCsv}?tz=${encodeURIComponent(tz)}` : serverPaths.exportCsv;
  const { i18n } = useLingui();
  return (
    <a href={href} download className={cn(buttonClass("secondary"), "w-full sm:w-auto")}>
      <Download aria-hidden="true" />
      {i18n._("Export CSV")}
    </a>
  );
}

/** What has been paid, and what is still asked for, across the whole history. */
export function HistoryTotalsPanel({ totals }: { totals: Pick<PaymentRequestSummary, "totals"> }) {
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  const items = [
    {
      label: i18n._("Collected"),
      amount: totalsOf(totals, "collected", intlLocale),
      tone: "text-emerald-700 dark:text-emerald-400",
    },
    {
      label: i18n._("Outstanding"),
      amount: totalsOf(totals, "outstanding", intlLocale),
      tone: "text-amber-700 dark:text-amber-300",
    },
  ];
  return (
    <Card>
      {/* Label and amount side by side on phones (a long total never breaks), tiles from `sm`. */}
      <dl className="divide-y divide-slate-100 sm:grid sm:grid-cols-2 sm:divide-x sm:divide-y-0 dark:divide-slate-800">
        {items.map(({ label, amount, tone }) => (
          <div
            key={label}
            className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-3 sm:block sm:p-5"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className={cn("text-xl font-bold tracking-tight tabular-nums sm:mt-1 sm:text-2xl", tone)}>
              {amount}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

type HistoryFiltersProps = { filter: HistoryFilter; onChange: (filter: HistoryFilter) => void };

/** Search by recipient or description, and narrow to one status. */
export function HistoryFilters({ filter, onChange }: HistoryFiltersProps) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <search className="flex flex-wrap gap-3">
      <Field
        label={i18n._("Search")}
        className="min-w-0 flex-[1_1_12rem]"
        leading={
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
        }
        inputClassName="ps-10"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={i18n._("Name or note")}
        value={filter.query}
        onValueChange={(query) => onChange({ ...filter, query })}
      />
      <div className="flex-[1_1_8rem] sm:flex-none">
        <Label htmlFor={`${id}-status`}>{i18n._("Status")}</Label>
        <div className="relative mt-1.5">
          <select
            id={`${id}-status`}
            value={filter.status}
            onChange={(e) =>
              onChange({
                ...filter,
                status: STATUS_OPTIONS.find((o) => o.value === e.target.value)?.value ?? "all",
              })
            }
            className={cn(
              "block h-11 w-full appearance-none rounded-xl border border-slate-300 bg-white pe-10 ps-3.5 text-base text-slate-900 shadow-xs sm:w-40",
              "focus:border-emerald-600 focus:ring-3 focus:ring-emerald-600/20 focus:outline-none",
              "dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:focus:border-emerald-500",
            )}
          >
            {STATUS_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 end-3.5 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
        </div>
      </div>
    </search>
  );
}
