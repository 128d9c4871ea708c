import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "wouter";
import { useHomeRequests } from "#client/features/payment-requests/api.ts";
import {
  type MarkPaidTexts,
  RequestList,
  RequestsState,
} from "#client/features/payment-requests/request-list.tsx";
import { paths } from "#client/lib/paths.ts";
import { formatMoney } from "#shared/money.ts";

const MARK_PAID: MarkPaidTexts = {
  label: "Mark Paid",
  success: (request) => ({
    title: "Request marked as paid",
    description: `${formatMoney(request.amount)} from ${request.recipientName}.`,
  }),
  failure: "Failed to mark request as paid. Please try again.",
};

/**
 * Home's Recent Requests (docs/product.md "Home"): pending first, then newest first, one bounded
 * page of them; "See all" opens the whole history in Archive.
 */
export function RecentRequests() {
  const requests = useHomeRequests();
  return (
    <section aria-labelledby="recent-heading" className="mt-5 sm:mt-10">
      <div className="mb-3 flex items-center justify-between gap-3 sm:mb-4">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          Recent Requests
        </h2>
        {requests.data?.length ? (
          <Link
            href={paths.archive}
            // A 44 px tap target whose padding does not move the heading.
            className="-my-3 -me-2 inline-flex min-h-11 items-center gap-0.5 rounded-lg px-2 text-sm font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-emerald-400 dark:hover:text-emerald-300"
          >
            See all
            <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        ) : null}
      </div>
      <RequestsState
        query={requests}
        isEmpty={(list) => list.length === 0}
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
