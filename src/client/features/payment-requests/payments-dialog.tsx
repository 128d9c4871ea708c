import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useMemo } from "react";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { DownloadLink } from "#client/components/ui/download-link.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useDecimalMark } from "#client/features/account/input-region.tsx";
import { usePaymentAccounts } from "#client/features/payment-accounts/api.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { serverPaths } from "#client/lib/paths.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import { isCalendarDate } from "#shared/schedule/zoned.ts";
import {
  amountLeft,
  checkPartPayment,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  paymentMethodLabel,
  type RecordedPayment,
  type RecordPaymentInput,
} from "#shared/schemas/payment.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { typedAmount } from "#shared/typed-amount.ts";
import { requestWithPaymentsQuery, useRecordPayment, useUndoPayment } from "./api";
import { deviceToday } from "./chase-line";
import { claimedPart } from "./claim-text";

export type PaymentValues = { amount: string; method: PaymentMethod | ""; paidOn: string };
const PAYMENT_FIELDS = ["amount", "method", "paidOn"] as const;

/**
 * The dialog's schema: the amount as typed the account's way (typedAmount), at most what is left
 * (checkPartPayment, the server's own check), a day no later than today; its output is the body
 * of POST /api/payment-requests/{id}/payments.
 */
export function paymentFormSchema(
  request: Pick<PaymentRequest, "amount" | "paidAmount" | "currency">,
  decimalMark: "." | ",",
  today: string,
  i18n: Parameters<typeof checkPartPayment>[3],
) {
  const left = amountLeft(request.amount, request.paidAmount, request.currency);
  return z.custom<PaymentValues>().transform((values, ctx): RecordPaymentInput => {
    const checked = checkPartPayment(typedAmount(values.amount, decimalMark), left, request.currency, i18n);
    if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message, path: ["amount"] });
    if (!isCalendarDate(values.paidOn) || values.paidOn > today)
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.paidOn, path: ["paidOn"] });
    return checked.ok
      ? { amount: checked.amount, method: values.method || null, paidOn: values.paidOn }
      : z.NEVER;
  });
}

/**
 * Where the form starts: empty and today, or, when the payer said they paid part ("I paid $1,000
 * with Venmo"), their amount, their app and the day they said so, for the requester to check.
 */
function fromClaim(request: PaymentRequest, decimalMark: "." | ",", today: string): PaymentValues {
  const part = claimedPart(request);
  if (!part || !request.claimedPaidAt) return { amount: "", method: "", paidOn: today };
  return {
    amount: decimalMark === "," ? part.replace(".", ",") : part,
    // One of the requester's own apps, or "other": a claim names nothing else.
    method: request.claimedVia ?? "",
    paidOn: deviceToday(new Date(request.claimedPaidAt)),
  };
}

/**
 * "Part payment" on a card: what is left, the payments recorded so far (each with Undo), and a
 * form for the next one (how much, with what, on which day). A request paid in full by its parts
 * shows the list only, where undoing one makes it owed again.
 */
export function PaymentsDialog({ request, onClose }: { request: PaymentRequest; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const record = useRecordPayment();
  const decimalMark = useDecimalMark();
  const money = (amount: string) => formatMoney(amount, request.currency, locale);
  const left = amountLeft(request.amount, request.paidAmount, request.currency);
  const { undo } = useUndoPaymentToast(request);

  // Through the promise, not mutate's callbacks: the list reloads first, and TanStack Query drops
  // the callbacks of a caller that has gone (request-tools.tsx says the same of Cancel).
  const save = (payment: RecordPaymentInput) =>
    record.mutateAsync({ id: request.id, payment }).then((saved) => {
      const recorded = saved.payments?.at(-1);
      toast({
        ...(saved.status === "paid"
          ? {
              title: i18n._("Paid in full"),
              description: i18n._("{name} has paid all {amount}.", {
                name: request.recipientName,
                amount: money(request.amount),
              }),
            }
          : {
              title: i18n._("Payment recorded"),
              description: i18n._("{amount} from {name} · {left} left", {
                amount: money(payment.amount),
                name: request.recipientName,
                left: money(amountLeft(saved.amount, saved.paidAmount, saved.currency)),
              }),
            }),
        duration: 10_000,
        ...(recorded ? { action: { label: i18n._("Undo"), onClick: () => undo(recorded) } } : {}),
      });
      onClose();
    });

  return (
    <Dialog
      title={request.status === "pending" ? i18n._("Part payment") : i18n._("Payments")}
      description={
        request.status === "pending"
          ? i18n._("{name} owes {left} of {amount}.", {
              name: request.recipientName,
              left: money(left),
              amount: money(request.amount),
            })
          : i18n._("{amount} from {name}", { amount: money(request.amount), name: request.recipientName })
      }
      onClose={onClose}
      holdsInput={request.status === "pending"}
    >
      {request.paidAmount ? <PaymentList request={request} /> : null}
      {request.paidAmount ? (
        <DownloadLink href={serverPaths.receipt(request.id)} className="self-start">
          {i18n._("Download a receipt (PDF)")}
        </DownloadLink>
      ) : null}
      {request.status === "pending" ? (
        <PaymentForm
          id={request.id}
          left={left}
          currency={request.currency}
          start={fromClaim(request, decimalMark, deviceToday())}
          saving={record.isPending}
          onSave={save}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}

/**
 * How much, with what, on which day: at most `left` in `currency`, checked as the server checks
 * it. Part payment on a card, and a payment toward a whole balance (screens/balance).
 */
export function PaymentForm({
  id,
  left,
  currency,
  start,
  saving,
  onSave,
  onCancel,
}: {
  id: string;
  left: string;
  currency: string;
  start?: PaymentValues;
  saving: boolean;
  /** Saves it and says so; a rejection is shown on the form. */
  onSave: (payment: RecordPaymentInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const { data: accounts } = usePaymentAccounts();
  const today = deviceToday();
  const decimalMark = useDecimalMark();
  const schema = useMemo(
    () => paymentFormSchema({ amount: left, currency }, decimalMark, today, i18n),
    [left, currency, decimalMark, today, i18n],
  );
  const methods: PaymentMethod[] = [
    ...new Set<PaymentMethod>([...(accounts ?? []).map((account) => account.provider), "cash", "other"]),
  ];
  const { values, bind, set, refOf, submit, fail } = useSchemaForm({
    schema,
    defaultValues: start ?? { amount: "", method: "", paidOn: today },
    fields: PAYMENT_FIELDS,
    // The message under the field tells it: the dialog hides the page's toasts.
    tell: () => {},
  });
  const save = submit((payment) =>
    onSave(payment).catch((failure: unknown) => fail(i18n._("Payment not recorded"), failure)),
  );
  return (
    <Form className="mt-4 space-y-4" onSubmit={save}>
      <Field
        {...bind("amount")}
        label={i18n._("Amount paid")}
        hint={i18n._("At most {left}.", { left: formatMoney(left, currency, locale) })}
        inputMode="decimal"
        autoComplete="off"
        announceError
        data-autofocus
      />
      <div>
        <Label htmlFor={`method-${id}`}>{i18n._("Paid with (optional)")}</Label>
        <select
          id={`method-${id}`}
          ref={refOf("method")}
          className={selectClass}
          value={values.method}
          onChange={(event) => set("method", event.target.value as PaymentMethod | "")}
        >
          <option value="">{i18n._("Not said")}</option>
          {methods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method, i18n)}
            </option>
          ))}
        </select>
      </div>
      <Field {...bind("paidOn")} type="date" max={today} label={i18n._("Paid on")} announceError />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {i18n._("Cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : null}
          {i18n._("Record payment")}
        </Button>
      </div>
    </Form>
  );
}

/** The payments recorded so far, oldest first, each with its own Undo. */
function PaymentList({ request }: { request: PaymentRequest }) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const found = useQuery(requestWithPaymentsQuery(request.id));
  const { undo, undoing } = useUndoPaymentToast(request);
  if (found.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner /> {i18n._("Loading payments…")}
      </p>
    );
  }
  if (found.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
        {i18n._(apiErrorMessage(found.error))}
      </p>
    );
  }
  const payments = found.data.payments ?? [];
  return (
    <section className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{i18n._("Paid so far")}</h3>
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {payments.map((payment) => {
          const amount = formatMoney(payment.amount, request.currency, locale);
          const day = shortDate(payment.paidOn, deviceToday(), locale);
          return (
            <li key={payment.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 text-slate-700 dark:text-slate-300">
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{amount}</span>
                {" · "}
                {payment.method ? `${paymentMethodLabel(payment.method, i18n)} · ` : ""}
                {day}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={undoing}
                aria-label={i18n._("Undo the payment of {amount} on {date}", { amount, date: day })}
                onClick={() => undo(payment)}
              >
                <Undo2 aria-hidden="true" />
                {i18n._("Undo")}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Undoes one part payment and says what is owed now. */
function useUndoPaymentToast(request: PaymentRequest) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const undoPayment = useUndoPayment();
  const undo = (payment: RecordedPayment) =>
    undoPayment.mutateAsync({ id: request.id, paymentId: payment.id }).then(
      (after) =>
        toast({
          title: i18n._("Payment undone"),
          description: i18n._("{name} owes {left} of {amount}.", {
            name: request.recipientName,
            left: formatMoney(
              amountLeft(after.amount, after.paidAmount, after.currency),
              after.currency,
              locale,
            ),
            amount: formatMoney(after.amount, after.currency, locale),
          }),
        }),
      (error: unknown) =>
        showActionError(error, {
          title: i18n._("Error"),
          description: i18n._("Failed to undo the payment. Please try again."),
        }),
    );
  return { undo, undoing: undoPayment.isPending };
}
