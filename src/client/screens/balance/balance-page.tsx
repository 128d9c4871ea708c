import { useLingui } from "@lingui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheckBig, Send } from "lucide-react";
import { Link, useSearch } from "wouter";
import { LoadMore } from "#client/components/load-more.tsx";
import { buttonClass } from "#client/components/ui/button.tsx";
import { DownloadLink } from "#client/components/ui/download-link.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { storeContactHandoff } from "#client/features/payees/contact-handoff.ts";
import { balanceQuery } from "#client/features/payment-requests/api.ts";
import { homeMarkPaidTexts } from "#client/features/payment-requests/paid-marks.tsx";
import { RequestList, RequestsState } from "#client/features/payment-requests/request-list.tsx";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { paths, serverPaths } from "#client/lib/paths.ts";
import { formatAmount } from "#shared/currency.ts";
import { formatPhone } from "#shared/phone.ts";
import { BalancePayment } from "./balance-payment";
import { RequestAll } from "./request-all";

/**
 * /balance?phone= (docs/features.md, "One balance per person"): what one person owes in all, per
 * currency, and each request still open with them, oldest first, with its own Mark Paid, Part
 * payment and tools, as on Home.
 */
export default function BalancePage() {
  const phone = new URLSearchParams(useSearch()).get("phone") ?? "";
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const pages = useInfiniteQuery({ ...balanceQuery(phone), enabled: phone !== "" });
  const first = pages.data?.pages[0]?.items[0];
  const requests =
    pages.data?.pages.flatMap((page) => page.items.flatMap((balance) => balance.requests)) ?? [];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={first?.name ?? i18n._("Balance")}
        description={phone ? formatPhone(phone) : undefined}
        action={
          first ? (
            <Link
              href={paths.request}
              onClick={() => storeContactHandoff({ name: first.name, phone })}
              className={cn(buttonClass("secondary"), "whitespace-nowrap")}
            >
              <Send aria-hidden="true" />
              {i18n._("New request")}
            </Link>
          ) : null
        }
      />
      {first ? (
        <p data-balance-total className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          {first.totals.length === 0
            ? i18n._("{name} owes you nothing.", { name: first.name })
            : i18n._("{name} owes you {amount}.", {
                name: first.name,
                amount: first.totals.map((t) => formatAmount(t.owed, t.currency, locale)).join(" · "),
              })}
        </p>
      ) : null}
      {first && first.totals.length > 0 ? (
        <DownloadLink href={serverPaths.statement(phone)} className="mb-4">
          {i18n._("Download a statement (PDF)")}
        </DownloadLink>
      ) : null}
      {first?.totals.some((total) => total.count > 1) ? (
        // Everything with them at once, per currency: one text and link, or one payment.
        <div className="mb-4 flex flex-wrap gap-2">
          <RequestAll phone={phone} name={first.name} totals={first.totals} />
          <BalancePayment phone={phone} name={first.name} totals={first.totals} />
        </div>
      ) : null}
      {phone === "" ? (
        <EmptyState icon={CircleCheckBig} title={i18n._("Nothing open with this person.")} />
      ) : (
        <RequestsState
          query={{ ...pages, data: pages.data, refetch: pages.refetch }}
          isEmpty={() => requests.length === 0}
          loading={i18n._("Loading what is open…")}
          failed={i18n._("We couldn't load this balance.")}
          empty={{ icon: CircleCheckBig, title: i18n._("Nothing open with this person.") }}
        >
          {() => (
            <div>
              <RequestList requests={requests} markPaid={homeMarkPaidTexts(i18n)} className="space-y-3" />
              <LoadMore pages={pages} end={i18n._("That's everything open.")} />
            </div>
          )}
        </RequestsState>
      )}
    </div>
  );
}
