import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { useMarkRequestNotPaid, useMarkRequestPaid } from "./api";

/** How a list marks a request paid: its button, whether it asks first, and its toasts. */
export type MarkPaidTexts = {
  label: string;
  /** Asked before marking (Archive); without it the button marks at once (Home). */
  confirm?: { question: string; confirmLabel: string };
  success: (request: PaymentRequest) => { title: string; description: string };
  /** The failure toast's sentence (docs/product.md "Home", "Archive"). */
  failure: string;
};

/** Home's Mark Paid texts (and a split's page's), in `i18n`'s language (the app's): it marks at once. */
export const homeMarkPaidTexts = (i18n: I18n): MarkPaidTexts => ({
  label: i18n._("Mark Paid"),
  success: (request) => ({
    title: i18n._("Request marked as paid"),
    description: i18n._("{amount} from {name}.", {
      amount: formatMoney(request.amount, request.currency, intlLocaleOf(i18n.locale)),
      name: request.recipientName,
    }),
  }),
  failure: i18n._("Failed to mark request as paid. Please try again."),
});

/**
 * Mark Paid and Mark as not paid, the same wherever a request is shown (Home, Archive, a split's
 * page): the confirm where the screen asks first (naming the amount and the person), the toast
 * with Undo for 10 seconds, and the ids marked here (their button stays, a disabled "Paid", so a
 * second tap lands on nothing). Render `dialog` once.
 */
export function usePaidMarks(texts: MarkPaidTexts) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const markPaid = useMarkRequestPaid();
  const markNotPaid = useMarkRequestNotPaid();
  const { confirm, dialog } = useConfirm();
  const [markedHere, setMarkedHere] = useState<ReadonlySet<string>>(() => new Set());
  const undo = (request: PaymentRequest) =>
    markNotPaid.mutate(request.id, {
      onSuccess: () =>
        toast({
          title: i18n._("Marked as not paid"),
          description: i18n._("{amount} from {name} is pending again.", {
            amount: formatMoney(request.amount, request.currency, locale),
            name: request.recipientName,
          }),
        }),
      onError: (error) =>
        showActionError(error, {
          title: i18n._("Error"),
          description: i18n._("Failed to mark the request as not paid. Please try again."),
        }),
    });
  const mark = (request: PaymentRequest) =>
    markPaid.mutate(request.id, {
      // Undo for 10 seconds: a tap on the wrong card is taken back in one more tap.
      onSuccess: () => {
        setMarkedHere((ids) => new Set(ids).add(request.id));
        toast({
          ...texts.success(request),
          duration: 10_000,
          action: { label: i18n._("Undo"), onClick: () => undo(request) },
        });
      },
      onError: (error) => showActionError(error, { title: i18n._("Error"), description: texts.failure }),
    });
  /** "$40.00 from Sam Lee": what a confirm acts on, under its question. */
  const whose = (request: PaymentRequest) =>
    i18n._("{amount} from {name}", {
      amount: formatMoney(request.amount, request.currency, locale),
      name: request.recipientName,
    });
  const onMarkPaid = (request: PaymentRequest) =>
    texts.confirm
      ? confirm({ ...texts.confirm, detail: whose(request), onConfirm: () => mark(request) })
      : mark(request);
  const onMarkNotPaid = (request: PaymentRequest) =>
    confirm({
      question: i18n._("Mark this payment request as not paid? Its payment page asks for payment again."),
      detail: whose(request),
      confirmLabel: i18n._("Mark as not paid"),
      dismissLabel: i18n._("Keep as paid"),
      onConfirm: () => undo(request),
    });
  return { markPaid, markNotPaid, markedHere, onMarkPaid, onMarkNotPaid, dialog };
}
