import { Archive, CircleCheck, ExternalLink, SearchX } from "lucide-react";
import { useState } from "react";
import { formatMoney } from "../../../shared/money";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import { RequestCard, RequestListSkeleton } from "../../components/request-card";
import { RequestTools } from "../../components/request-tools";
import { Button, buttonClass } from "../../components/ui/button";
import { useConfirm } from "../../components/ui/confirm-dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadError } from "../../components/ui/load-error";
import { PageHeader } from "../../components/ui/page-header";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useMarkRequestPaid } from "../../lib/payment-requests";
import { toast } from "../../lib/toast";
import { showActionError } from "../../lib/unauthorized";
import { useRequestHistory } from "./api";
import { filterHistory, type HistoryFilter, historyTotals, payPageHref } from "./history";
import { ExportCsvLink, HistoryFilters, HistoryTotalsPanel } from "./history-tools";

/** /archive (spec §2 Archive): the history of the user's payment requests. */
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
      {history.isPending ? (
        <RequestListSkeleton label="Loading your payment requests…" />
      ) : history.isError ? (
        <LoadError
          message={`We couldn't load your payment requests. ${apiErrorMessage(history.error)}`}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <EmptyState icon={Archive} title="No Payment Requests" text="Requests you send will be kept here." />
      ) : (
        <SearchableHistory requests={history.data} />
      )}
    </div>
  );
}

/** Issue 5 "Archive tools": totals over the whole history, then the list narrowed by the filter. */
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
        <HistoryList requests={shown} />
      )}
    </div>
  );
}

function HistoryList({ requests }: { requests: PaymentRequest[] }) {
  const markPaid = useMarkRequestPaid();
  const { confirm, dialog } = useConfirm();
  const onMarkPaid = (request: PaymentRequest) =>
    confirm({
      question: "Mark this payment request as paid?",
      confirmLabel: "Mark as Paid",
      onConfirm: () => markAsPaid(request),
    });
  const markAsPaid = (request: PaymentRequest) =>
    markPaid.mutate(request.id, {
      onSuccess: () =>
        toast({
          title: "Payment Updated",
          description: `${formatMoney(request.amount)} from ${request.recipientName} is marked as paid.`,
        }),
      // Spec §8 "Archive mark failure".
      onError: (error) =>
        showActionError(error, {
          title: "Error",
          description: "Failed to update payment status. Please try again.",
        }),
    });

  return (
    <>
      {dialog}
      <ul className="space-y-3">
        {requests.map((request) => {
          const marking = markPaid.isPending && markPaid.variables === request.id;
          const pending = request.status === "pending";
          const payHref = payPageHref(request);
          return (
            <li key={request.id}>
              <RequestCard
                request={request}
                actions={
                  payHref
                    ? (describedBy) => (
                        <>
                          {pending ? (
                            <Button
                              className="flex-1 sm:flex-none"
                              aria-describedby={describedBy}
                              disabled={markPaid.isPending}
                              onClick={() => onMarkPaid(request)}
                            >
                              {marking ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                              Mark as Paid
                            </Button>
                          ) : null}
                          {payHref ? (
                            <a
                              href={payHref}
                              target="_blank"
                              rel="noopener"
                              aria-describedby={describedBy}
                              className={cn(buttonClass("secondary"), "flex-1 sm:flex-none")}
                            >
                              <ExternalLink aria-hidden="true" />
                              View Payment Page
                            </a>
                          ) : null}
                        </>
                      )
                    : undefined
                }
                tools={
                  pending
                    ? (describedBy) => <RequestTools request={request} describedBy={describedBy} />
                    : undefined
                }
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
