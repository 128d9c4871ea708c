import { useLingui } from "@lingui/react";
import { ChevronDown, Users } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Card } from "#client/components/ui/card.tsx";
import { useSplit } from "#client/features/payment-requests/splits.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { formatMoney } from "#shared/money.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

type SplitEntryProps = {
  splitId: string;
  /** The split's shares among the rows loaded so far, shown until the group itself has loaded. */
  loaded: readonly PaymentRequest[];
  /** One person's card with its actions, as the list shows a request on its own. */
  card: (request: PaymentRequest) => ReactNode;
};

/**
 * A split bill as one entry of Home or Archive: its description, total, "N of M paid" and what
 * is outstanding (GET /api/splits/{id}); the button opens each person's card. A list item.
 */
export function SplitEntry({ splitId, loaded, card }: SplitEntryProps) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const split = useSplit(splitId);
  const shares = split.data?.shares.map((share) => share.request) ?? loaded;
  const description = split.data ? split.data.description : (loaded[0]?.description ?? null);
  let summary = i18n._("Loading the split…");
  if (split.data) {
    const { paidCount, outstanding } = split.data;
    summary = i18n._("{paidCount} of {count} paid · {outstanding} outstanding", {
      paidCount,
      count: shares.length,
      outstanding: formatMoney(outstanding, undefined, locale),
    });
  } else if (split.isError) {
    summary = i18n._("{count, plural, other {# people}}", { count: shares.length });
  }
  return (
    <li data-split-entry className={cn("min-w-0", open && "col-span-full")}>
      <Card className="p-4 sm:p-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-start justify-between gap-3 rounded-lg text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          <span className="min-w-0">
            {split.data ? (
              <span className="block text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 tabular-nums dark:text-white">
                {formatMoney(split.data.total, undefined, locale)}
              </span>
            ) : null}
            <span className="mt-1 flex items-center gap-1.5 font-semibold wrap-anywhere text-slate-900 dark:text-slate-100">
              <Users aria-hidden="true" className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
              <span className="min-w-0">{description || i18n._("Split bill")}</span>
            </span>
            <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{summary}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn("mt-1 size-5 shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
          />
        </button>
        {/* On a phone the people's cards take most of the group's padding: each card's four tools need ~272 px. */}
        <ul id={panelId} hidden={!open} className="-mx-3 mt-4 space-y-3 sm:mx-0">
          {open ? shares.map((request) => <li key={request.id}>{card(request)}</li>) : null}
        </ul>
      </Card>
    </li>
  );
}
