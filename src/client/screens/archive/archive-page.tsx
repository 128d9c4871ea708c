import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Archive, SearchX } from "lucide-react";
import { useState } from "react";
import { LoadMore } from "#client/components/load-more.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { requestPagesQuery, requestSummaryQuery } from "#client/features/payment-requests/api.ts";
import {
  type MarkPaidTexts,
  RequestList,
  RequestsState,
} from "#client/features/payment-requests/request-list.tsx";
import { pageItems } from "#client/lib/pages.ts";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { formatMoney } from "#shared/money.ts";
import { type HistoryFilter, payPageHref, serverFilter } from "./history";
import { ExportCsvLink, HistoryFilters, HistoryTotalsPanel } from "./history-tools";

const MARK_PAID: MarkPaidTexts = {
  label: "Mark as Paid",
  confirm: { question: "Mark this payment request as paid?", confirmLabel: "Mark as Paid" },
  success: (request) => ({
    title: "Payment Updated",
    description: `${formatMoney(request.amount)} from ${request.recipientName} is marked as paid.`,
  }),
  failure: "Failed to update payment status. Please try again.",
};

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
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Archive"
        description="Every payment request you've sent, newest first."
        action={hasHistory ? <ExportCsvLink /> : undefined}
      />
      <RequestsState
        query={totals}
        isEmpty={(summary) => summary.count === 0}
        loading="Loading your payment requests…"
        failed="We couldn't load your payment requests."
        empty={{ icon: Archive, title: "No Payment Requests", text: "Requests you send will be kept here." }}
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
  return (
    <>
      <HistoryFilters filter={filter} onChange={setFilter} />
      <p aria-live="polite" className="sr-only">
        {count === undefined ? "" : count === total ? `${total} requests` : `${count} of ${total} requests`}
      </p>
      <RequestsState
        query={pages}
        isEmpty={(data) => pageItems(data).length === 0}
        loading="Loading your payment requests…"
        failed="We couldn't load your payment requests."
        empty={{ icon: SearchX, title: "No requests match your search." }}
      >
        {(data) => (
          <div>
            <RequestList
              requests={pageItems(data)}
              markPaid={MARK_PAID}
              payPageHref={payPageHref}
              className="space-y-3"
            />
            <LoadMore pages={pages} end="That's every request." />
          </div>
        )}
      </RequestsState>
    </>
  );
}
