import { Archive, SearchX } from "lucide-react";
import { useState } from "react";
import { formatMoney } from "../../../shared/money";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { type MarkPaidTexts, RequestList, RequestsState } from "../payment-requests/request-list";
import { useRequestHistory } from "./api";
import { filterHistory, type HistoryFilter, historyTotals, payPageHref } from "./history";
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

/** /archive (docs/product.md "Archive"): the history of the user's payment requests. */
export default function ArchivePage() {
  const history = useRequestHistory();
  const hasHistory = history.isSuccess && history.data.length > 0;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Archive"
        description="Every payment request you've sent, newest first."
        action={hasHistory ? <ExportCsvLink /> : undefined}
      />
      <RequestsState
        query={history}
        loading="Loading your payment requests…"
        failed="We couldn't load your payment requests."
        empty={{ icon: Archive, title: "No Payment Requests", text: "Requests you send will be kept here." }}
      >
        {(requests) => <SearchableHistory requests={requests} />}
      </RequestsState>
    </div>
  );
}

/** Totals over the whole history, then the list narrowed by the filter. */
function SearchableHistory({ requests }: { requests: PaymentRequest[] }) {
  const [filter, setFilter] = useState<HistoryFilter>({ query: "", status: "all" });
  const shown = filterHistory(requests, filter);
  return (
    <div className="space-y-5">
      <HistoryTotalsPanel totals={historyTotals(requests)} />
      <HistoryFilters filter={filter} onChange={setFilter} />
      <p aria-live="polite" className="sr-only">
        {shown.length === requests.length
          ? `${requests.length} requests`
          : `${shown.length} of ${requests.length} requests`}
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={SearchX} title="No requests match your search." />
      ) : (
        <RequestList requests={shown} markPaid={MARK_PAID} payPageHref={payPageHref} className="space-y-3" />
      )}
    </div>
  );
}
