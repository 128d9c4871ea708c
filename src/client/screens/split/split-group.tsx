import { useLingui } from "@lingui/react";
import { Copy, MessageSquareText } from "lucide-react";
import { useState } from "react";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { useSplit } from "#client/features/payment-requests/splits.ts";
import { StatusBadge } from "#client/features/payment-requests/status-badge.tsx";
import { apiErrorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { formatMoney } from "#shared/money.ts";
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

function Group({ split }: { split: Split }) {
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <p className="text-2xl font-bold tabular-nums wrap-anywhere text-slate-900 dark:text-white">
          {formatMoney(split.total, split.currency, intlLocale)}
          {split.description ? (
            <span className="font-normal text-slate-600 dark:text-slate-400"> · {split.description}</span>
          ) : null}
        </p>
        <p data-split-summary className="text-slate-700 dark:text-slate-300">
          {i18n._("{paid} of {count} paid · {amount} outstanding", {
            paid: split.paidCount,
            count: split.shares.length,
            amount: formatMoney(split.outstanding, split.currency, intlLocale),
          })}
        </p>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {split.shares.map(({ request, smsMessage }) => (
          <li key={request.id} data-share className="flex flex-wrap items-center gap-3 py-4">
            {/* At least 8rem for the name: the Text and Copy buttons wrap below it rather than squeeze it. */}
            <div className="min-w-32 flex-1">
              <p className="font-semibold wrap-anywhere text-slate-900 dark:text-white">
                {request.recipientName}
              </p>
              <p className="text-sm tabular-nums text-slate-600 dark:text-slate-400">
                {formatMoney(request.amount, request.currency, intlLocale)}
              </p>
            </div>
            <StatusBadge status={request.status} />
            {request.status === "pending" ? (
              <>
                <a
                  href={smsLink(request.recipientPhone, smsMessage)}
                  className={cn(buttonClass("secondary"), "max-w-full min-w-0 shrink")}
                >
                  <MessageSquareText aria-hidden="true" />
                  <span className="truncate">{i18n._("Text {name}", { name: request.recipientName })}</span>
                </a>
                <CopyLink url={request.shortUrl} name={request.recipientName} />
              </>
            ) : null}
          </li>
        ))}
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
