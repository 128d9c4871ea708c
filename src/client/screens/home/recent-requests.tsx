import { useLingui } from "@lingui/react";
import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "wouter";
import { useHomeRequests } from "#client/features/payment-requests/api.ts";
import { homeMarkPaidTexts } from "#client/features/payment-requests/paid-marks.tsx";
import { RequestList, RequestsState } from "#client/features/payment-requests/request-list.tsx";
import { paths } from "#client/lib/paths.ts";

/**
 * Home's Recent Requests (docs/product.md "Home"): pending first, then newest first, one bounded
 * page of them; "See all" opens the whole history in Archive.
 */
export function RecentRequests() {
  const requests = useHomeRequests();
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="recent-heading" className="mt-5 sm:mt-10">
      <div className="mb-3 flex items-center justify-between gap-3 sm:mb-4">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {i18n._("Recent Requests")}
        </h2>
        {requests.data?.length ? (
          <Link
            href={paths.archive}
            // A 44 px tap target whose padding does not move the heading.
            className="-my-3 -me-2 inline-flex min-h-11 items-center gap-0.5 rounded-lg px-2 text-sm font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-emerald-400 dark:hover:text-emerald-300"
          >
            {i18n._("See all")}
            <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        ) : null}
      </div>
      <RequestsState
        query={requests}
        isEmpty={(list) => list.length === 0}
        loading={i18n._("Loading requests…")}
        failed={i18n._("We couldn't load your requests.")}
        empty={{
          icon: Inbox,
          title: i18n._("No payment requests yet"),
          text: i18n._("Requests you send will show up here."),
        }}
      >
        {(list) => (
          <RequestList
            requests={list}
            markPaid={homeMarkPaidTexts(i18n)}
            className="grid gap-3 lg:grid-cols-2"
          />
        )}
      </RequestsState>
    </section>
  );
}
