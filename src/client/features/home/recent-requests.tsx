import { Inbox } from "lucide-react";
import { formatMoney } from "../../../shared/money";
import { usePaymentRequests } from "../payment-requests/api";
import { type MarkPaidTexts, RequestList, RequestsState } from "../payment-requests/request-list";

const MARK_PAID: MarkPaidTexts = {
  label: "Mark Paid",
  success: (request) => ({
    title: "Request marked as paid",
    description: `${formatMoney(request.amount)} from ${request.recipientName}.`,
  }),
  failure: "Failed to mark request as paid. Please try again.",
};

/** Home's Recent Requests (docs/product.md "Home"): every request, pending first, then newest first. */
export function RecentRequests() {
  const requests = usePaymentRequests();
  return (
    <section aria-labelledby="recent-heading" className="mt-10">
      <h2 id="recent-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
        Recent Requests
      </h2>
      <RequestsState
        query={requests}
        loading="Loading requests…"
        failed="We couldn't load your requests."
        empty={{
          icon: Inbox,
          title: "No payment requests yet",
          text: "Requests you send will show up here.",
        }}
      >
        {(list) => <RequestList requests={list} markPaid={MARK_PAID} className="grid gap-3 lg:grid-cols-2" />}
      </RequestsState>
    </section>
  );
}
