import { useLingui } from "@lingui/react";
import { CircleCheck, Copy, MessageSquareText, Send, Undo2 } from "lucide-react";
import { useState } from "react";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { LoadingBlock, Spinner } from "#client/components/ui/spinner.tsx";
import { ClaimLine } from "#client/features/payment-requests/claim-line.tsx";
import { useClaimsSeen } from "#client/features/payment-requests/live-updates.ts";
import { homeMarkPaidTexts, usePaidMarks } from "#client/features/payment-requests/paid-marks.tsx";
import { useSplit } from "#client/features/payment-requests/splits.ts";
import { StatusBadge } from "#client/features/payment-requests/status-badge.tsx";
import { useTexted } from "#client/features/payment-requests/texted.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { formatMoney } from "#shared/money.ts";
import { amountLeft } from "#shared/schemas/payment.ts";
import type { Split } from "#shared/schemas/split.ts";
import { smsLink } from "#shared/sms.ts";

/** The group view of a split: each person's request, how many paid, what is still owed. */
export function SplitGroup({ id }: { id: string }) {
  const split = useSplit(id);
  const { i18n } = useLingui();
  if (split.isPending) return <LoadingBlock />;
  if (split.isError)
    return <LoadError message={i18n._(apiErrorMessage(split.error))} onRetry={() => split.refetch()} />;
  return <Group split={split.data} />;
}

/**
 * The shares, live (a payer's "I've paid" shows on their row within a second, as on Home), each
 * with Mark Paid (and its Undo) or Mark as not paid; "Text next" opens the composer for the next
 * person not texted from this tab, and each texted row says so.
 */
function Group({ split }: { split: Split }) {
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  const money = (amount: string) => formatMoney(amount, split.currency, intlLocale);
  const { markPaid, markNotPaid, markedHere, onMarkPaid, onMarkNotPaid, dialog } = usePaidMarks(
    homeMarkPaidTexts(i18n),
  );
  const { texted, markTexted } = useTexted();
  useClaimsSeen();
  const pending = split.shares.filter(({ request }) => request.status === "pending");
  const next = pending.find(({ request }) => !texted.has(request.id));
  const busy = markPaid.isPending || markNotPaid.isPending;
  return (
    <div className="space-y-5">
      {dialog}
      <div className="space-y-1">
        <p className="text-2xl font-bold tabular-nums wrap-anywhere text-slate-900 dark:text-white">
          {money(split.total)}
          {split.description ? (
            <span className="font-normal text-slate-600 dark:text-slate-400"> · {split.description}</span>
          ) : null}
        </p>
        <p data-split-summary className="text-slate-700 dark:text-slate-300">
          {i18n._("{paid} of {count} paid · {amount} outstanding", {
            paid: split.paidCount,
            count: split.shares.length,
            amount: money(split.outstanding),
          })}
          {split.claimedCount > 0
            ? ` · ${i18n._("{count, plural, one {# says they paid} other {# say they paid}}", { count: split.claimedCount })}`
            : null}
        </p>
      </div>
      {next ? (
        <a
          href={smsLink(next.request.recipientPhone, next.smsMessage)}
          onClick={() => markTexted(next.request.id)}
          data-text-next
          className={cn(buttonClass("primary", "lg"), "w-full")}
        >
          <Send aria-hidden="true" />
          {i18n._("Text next: {name}", { name: next.request.recipientName })}
        </a>
      ) : pending.length > 0 ? (
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {i18n._("Everyone still to pay has been texted from here.")}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {split.shares.map(({ request, smsMessage }) => {
          const isPending = request.status === "pending";
          const marked = request.status === "paid" && markedHere.has(request.id);
          const marking = markPaid.isPending && markPaid.variables === request.id;
          return (
            <li key={request.id} data-share className="py-4">
              <div className="flex flex-wrap items-center gap-3">
                {/* At least 8rem for the name: the buttons wrap below it rather than squeeze it. */}
                <div className="min-w-32 flex-1">
                  <p
                    id={`share-${request.id}`}
                    className="font-semibold wrap-anywhere text-slate-900 dark:text-white"
                  >
                    {request.recipientName}
                  </p>
                  <p className="text-sm tabular-nums text-slate-600 dark:text-slate-400">
                    {isPending && request.paidAmount
                      ? i18n._("{paid} of {total} paid · {left} left", {
                          paid: money(request.paidAmount),
                          total: money(request.amount),
                          left: money(amountLeft(request.amount, request.paidAmount, request.currency)),
                        })
                      : money(request.amount)}
                  </p>
                </div>
                {isPending && texted.has(request.id) ? (
                  <span
                    data-texted
                    className="inline-flex h-6 items-center gap-1 rounded-full bg-slate-100 px-2.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                  >
                    <MessageSquareText aria-hidden="true" className="size-3.5" />
                    {i18n._("Texted")}
                  </span>
                ) : null}
                <StatusBadge status={request.status} />
              </div>
              <ClaimLine request={request} />
              <div className="mt-3 flex flex-wrap gap-2">
                {isPending || marked ? (
                  <Button
                    size="sm"
                    disabled={marked || busy}
                    aria-describedby={`share-${request.id}`}
                    onClick={() => onMarkPaid(request)}
                  >
                    {marking ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                    {marked ? i18n._("Paid") : i18n._("Mark Paid")}
                  </Button>
                ) : null}
                {isPending ? (
                  <>
                    <a
                      href={smsLink(request.recipientPhone, smsMessage)}
                      onClick={() => markTexted(request.id)}
                      className={cn(buttonClass("secondary", "sm"), "max-w-full min-w-0 shrink")}
                    >
                      <MessageSquareText aria-hidden="true" />
                      <span className="truncate">
                        {i18n._("Text {name}", { name: request.recipientName })}
                      </span>
                    </a>
                    <CopyLink url={request.shortUrl} name={request.recipientName} />
                  </>
                ) : null}
                {request.status === "paid" && !marked && request.paidAmount !== request.amount ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    aria-describedby={`share-${request.id}`}
                    onClick={() => onMarkNotPaid(request)}
                  >
                    <Undo2 aria-hidden="true" />
                    {i18n._("Mark as not paid")}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CopyLink({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const { i18n } = useLingui();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={i18n._("Copy {name}'s link", { name })}
      onClick={() =>
        navigator.clipboard.writeText(url).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      <Copy aria-hidden="true" />
      {copied ? i18n._("Copied") : i18n._("Copy link")}
    </Button>
  );
}
