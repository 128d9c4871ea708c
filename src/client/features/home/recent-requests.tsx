import { CircleCheck, Inbox } from "lucide-react";
import { formatMoney } from "../../../shared/money";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import { RequestCard, RequestListSkeleton } from "../../components/request-card";
import { RequestTools } from "../../components/request-tools";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadError } from "../../components/ui/load-error";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api";
import { useMarkRequestPaid } from "../../lib/payment-requests";
import { toast } from "../../lib/toast";
import { showActionError } from "../../lib/unauthorized";
import { useRecentRequests } from "./api";

/** Spec §2 Home: the Recent Requests list, its loading and empty states. */
export function RecentRequests() {
  const requests = useRecentRequests();
  return (
    <section aria-labelledby="recent-heading" className="mt-10">
      <h2 id="recent-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
        Recent Requests
      </h2>
      {requests.isPending ? (
        <RequestListSkeleton label="Loading requests…" />
      ) : requests.isError ? (
        <LoadError
          message={`We couldn't load your requests. ${apiErrorMessage(requests.error)}`}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No payment requests yet"
          text="Requests you send will show up here."
        />
      ) : (
        <RequestList requests={requests.data} />
      )}
    </section>
  );
}

function RequestList({ requests }: { requests: PaymentRequest[] }) {
  const markPaid = useMarkRequestPaid();
  const onMarkPaid = (request: PaymentRequest) =>
    markPaid.mutate(request.id, {
      onSuccess: () =>
        toast({
          title: "Request marked as paid",
          description: `${formatMoney(request.amount)} from ${request.recipientName}.`,
        }),
      // Spec §8 "Mark paid failure (home)".
      onError: (error) =>
        showActionError(error, {
          title: "Error",
          description: "Failed to mark request as paid. Please try again.",
        }),
    });

  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {requests.map((request) => {
        const marking = markPaid.isPending && markPaid.variables === request.id;
        const pending = request.status === "pending";
        return (
          <li key={request.id}>
            <RequestCard
              request={request}
              actions={
                pending
                  ? (describedBy) => (
                      <Button
                        className="flex-1 sm:flex-none"
                        aria-describedby={describedBy}
                        disabled={markPaid.isPending}
                        onClick={() => onMarkPaid(request)}
                      >
                        {marking ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                        Mark Paid
                      </Button>
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
  );
}
