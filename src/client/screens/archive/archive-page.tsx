import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Archive, SearchX } from "lucide-react";
import { useState } from "react";
import { LoadMore } from "#client/components/load-more.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { requestPagesQuery, requestSummaryQuery } from "#client/features/payment-requests/api.ts";
import type { MarkPaidTexts } from "#client/features/payment-requests/paid-marks.tsx";
import { RequestList, RequestsState } from "#client/features/payment-requests/request-list.tsx";
import { pageItems } from "#client/lib/pages.ts";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { type HistoryFilter, payPageHref, serverFilter } from "./history";
import { ExportCsvLink, HistoryFilters, HistoryTotalsPanel } from "./history-tools";

/** Archive's Mark as Paid texts, in `i18n`'s language (the app's). */
const markPaidTexts = (i18n: I18n): MarkPaidTexts => ({
  label: i18n._("Mark as Paid"),
  confirm: { question: i18n._("Mark this payment request as paid?"), confirmLabel: i18n._("Mark as Paid") },
  success: (request) => ({
    title: i18n._("Payment Updated"),
    description: i18n._("{amount} from {name} is marked as paid.", {
      amount: formatMoney(request.amount, request.currency, intlLocaleOf(i18n.locale)),
      name: request.recipientName,
    }),
  }),
  failure: i18n._("Failed to update payment status. Please try again."),
});

/** How long the search box waits for typing to pause before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * /archive (docs/product.md "Archive"): the history of the user's payment requests, newest first,
 * a page at a time. Totals, search and the status filter are answered by the server over the whole
 * history, never worked out from the rows loaded so far.
 */
export default function ArchivePage() {
  const totals = useQuery(requestSummaryQuery({}));
  const hasHistory = (totals.data?.count ?? 0) > 0;
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={i18n._("Archive")}
        description={i18n._("Every payment request you've sent, newest first.")}
        action={hasHistory ? <ExportCsvLink /> : undefined}
      />
      <RequestsState
        query={totals}
        isEmpty={(summary) => summary.count === 0}
        loading={i18n._("Loading your payment requests…")}
        failed={i18n._("We couldn't load your payment requests.")}
        empty={{
          icon: Archive,
          title: i18n._("No Payment Requests"),
          text: i18n._("Requests you send will be kept here."),
        }}
      >
        {(summary) => (
          <div className="space-y-5">
            <HistoryTotalsPanel totals={summary} />
            <SearchableHistory total={summary.count} />
          </div>
        )}
      </RequestsState>
    </div>
  );
}

/** The filters, then the matching requests page by page. */
function SearchableHistory({ total }: { total: number }) {
  const [filter, setFilter] = useState<HistoryFilter>({ query: "", status: "all" });
  const asked = serverFilter({ ...filter, query: useDebounced(filter.query, SEARCH_DELAY_MS) });
  // While a new filter loads, the rows of the last one stay on screen.
  const pages = useInfiniteQuery({ ...requestPagesQuery(asked), placeholderData: keepPreviousData });
  const matching = useQuery({ ...requestSummaryQuery(asked), placeholderData: keepPreviousData });
  const count = matching.data?.count;
  const { i18n } = useLingui();
  return (
    <>
      <HistoryFilters filter={filter} onChange={setFilter} />
      <p aria-live="polite" className="sr-only">
        {count === undefined
          ? ""
          : count === total
            ? i18n._("{total, plural, other {{total} requests}}", { total })
            : i18n._("{count} of {total, plural, other {{total} requests}}", { count, total })}
      </p>
      <RequestsState
        query={pages}
        isEmpty={(data) => pageItems(data).length === 0}
        loading={i18n._("Loading your payment requests…")}
        failed={i18n._("We couldn't load your payment requests.")}
        empty={{ icon: SearchX, title: i18n._("No requests match your search.") }}
      >
        {(data) => (
          <div>
            <RequestList
              requests={pageItems(data)}
              markPaid={markPaidTexts(i18n)}
              payPageHref={payPageHref}
              className="space-y-3"
            />
            <LoadMore pages={pages} end={i18n._("That's every request.")} />
          </div>
        )}
      </RequestsState>
    </>
  );
}
