import { Trans, useLingui } from "@lingui/react";
import { BellRing, Calendar, Eye, Phone } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "wouter";
import { Card } from "#client/components/ui/card.tsx";
import { formatRequestDate } from "#client/lib/format-date.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { paths } from "#client/lib/paths.ts";
import { formatMoney } from "#shared/money.ts";
import { formatPhone } from "#shared/phone.ts";
import { amountLeft } from "#shared/schemas/payment.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { ChaseLine } from "./chase-line";
import { ClaimLine } from "./claim-line";
import { SplitLink } from "./split-link";
import { StatusBadge } from "./status-badge";

type RequestCardProps = {
  request: PaymentRequest;
  /**
   * Buttons for this request. Called with ids of the card's amount and name, so each button can
   * say which request it acts on (aria-describedby) while keeping its own short name.
   */
  actions?: (describedBy: string) => ReactNode;
  /** Secondary tools (Share, Remind, Cancel), in a quieter row under the actions. */
  tools?: (describedBy: string) => ReactNode;
};

/** "Viewed": the recipient opened the pay page; the title says when. */
function ViewedBadge({ viewedAt }: { viewedAt: string }) {
  const { i18n } = useLingui();
  return (
    <span
      title={i18n._("Viewed {date}", { date: formatRequestDate(viewedAt, undefined, undefined, i18n) })}
      className="inline-flex h-6 shrink-0 items-center gap-1 rounded-full bg-sky-50 px-2.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30"
    >
      <Eye aria-hidden="true" className="size-3.5" />
      {i18n._("Viewed")}
    </span>
  );
}

/** One payment request: amount, status, recipient, phone, description and date (docs/product.md "Home", "Archive"). */
export function RequestCard({ request, actions, tools }: RequestCardProps) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const id = useId();
  const amount = formatMoney(request.amount, request.currency, locale);
  const date = formatRequestDate(request.createdAt, undefined, undefined, i18n);
  const describedBy = `${id}-amount ${id}-name`;
  return (
    <Card className="scroll-mt-20 p-4 sm:p-5" data-request-id={request.id}>
      <div className="flex items-start justify-between gap-3">
        <p
          id={`${id}-amount`}
          className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 tabular-nums dark:text-white"
        >
          {amount}
        </p>
        <div className="mt-1 flex flex-wrap justify-end gap-1.5">
          <StatusBadge status={request.status} />
          {request.status === "pending" && request.viewedAt ? (
            <ViewedBadge viewedAt={request.viewedAt} />
          ) : null}
        </div>
      </div>
      {request.paidAmount && request.status === "pending" ? (
        <p className="mt-0.5 text-sm font-medium text-slate-600 tabular-nums dark:text-slate-300">
          {i18n._("{paid} of {total} paid · {left} left", {
            paid: formatMoney(request.paidAmount, request.currency, locale),
            total: amount,
            left: formatMoney(
              amountLeft(request.amount, request.paidAmount, request.currency),
              request.currency,
              locale,
            ),
          })}
        </p>
      ) : null}
      <p id={`${id}-name`} className="mt-1 font-semibold wrap-anywhere text-slate-900 dark:text-slate-100">
        {/* Everything open with this person, and what they owe in all (their balance). */}
        {/* A 44 px tap target (py-3) that takes no more room than the line (-my-3). */}
        <Link
          href={paths.balanceOf(request.recipientPhone)}
          className="-my-3 inline-block max-w-full py-3 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          {request.recipientName}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <Phone aria-hidden="true" className="size-3.5" />
          {formatPhone(request.recipientPhone)}
        </span>
        <time dateTime={request.createdAt} className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <Calendar aria-hidden="true" className="size-3.5" />
          {date}
        </time>
        {request.lastRemindedAt ? (
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <BellRing aria-hidden="true" className="size-3.5" />
            <span>
              <Trans
                id="Reminded <0>{date}</0>"
                values={{ date: formatRequestDate(request.lastRemindedAt, undefined, undefined, i18n) }}
                components={{ 0: <time dateTime={request.lastRemindedAt} /> }}
              />
            </span>
          </span>
        ) : null}
      </div>
      <ChaseLine request={request} />
      {request.description ? (
        <p className="mt-2 text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{request.description}</p>
      ) : null}
      <SplitLink request={request} />
      <ClaimLine request={request} />
      {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions(describedBy)}</div> : null}
      {tools ? (
        <div className="mt-3 flex gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
          {tools(describedBy)}
        </div>
      ) : null}
    </Card>
  );
}

/** Placeholder cards while requests load; announced once as busy. */
export function RequestListSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Card key={i} aria-hidden="true" className="animate-pulse p-4 sm:p-5">
          <div className="flex items-start justify-between">
            <div className="h-7 w-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
            <div className="h-6 w-16 rounded-full bg-slate-100 dark:bg-slate-800/60" />
          </div>
          <div className="mt-3 h-4 w-36 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-2 h-3.5 w-52 max-w-full rounded bg-slate-100 dark:bg-slate-800/60" />
        </Card>
      ))}
    </div>
  );
}
