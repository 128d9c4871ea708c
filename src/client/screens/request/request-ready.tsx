import { useLingui } from "@lingui/react";
import { CircleCheck, MessageSquareText } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { buttonClass } from "#client/components/ui/button.tsx";
import { shareContent } from "#client/features/payment-requests/share.ts";
import { SharePanel } from "#client/features/payment-requests/share-panel.tsx";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { paths } from "#client/lib/paths.ts";
import { formatMoney } from "#shared/money.ts";
import type { CreatePaymentRequestResponse } from "#shared/schemas/payment-request.ts";
import { smsLink } from "#shared/sms.ts";

/**
 * Sharing without a phone (docs/product.md "Request Payment"): after creating a request on a desktop, the link to copy,
 * share or scan, instead of returning home behind a text composer that never opened.
 */
export function RequestReady({ created }: { created: CreatePaymentRequestResponse }) {
  const { request, smsMessage } = created;
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form (and its focused button) is gone: start reading here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3">
        <CircleCheck
          aria-hidden="true"
          className="mt-0.5 size-6 shrink-0 text-emerald-600 dark:text-emerald-400"
        />
        <div className="min-w-0 space-y-1">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 outline-none dark:text-slate-100"
          >
            {i18n._("Request ready to share")}
          </h2>
          <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-400">
            {i18n._("{amount} from {name}. Send the link from any app, or let them scan the QR code.", {
              amount: formatMoney(request.amount, request.currency, intlLocale),
              name: request.recipientName,
            })}
          </p>
        </div>
      </div>
      <SharePanel content={shareContent(request, i18n)} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end dark:border-slate-800">
        <a href={smsLink(request.recipientPhone, smsMessage)} className={buttonClass("secondary")}>
          <MessageSquareText aria-hidden="true" />
          {i18n._("Open text message")}
        </a>
        <Link href={paths.home} className={cn(buttonClass("primary"), "sm:min-w-28")}>
          {i18n._("Done")}
        </Link>
      </div>
    </div>
  );
}
