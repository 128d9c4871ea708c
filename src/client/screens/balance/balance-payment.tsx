import { useLingui } from "@lingui/react";
import { HandCoins } from "lucide-react";
import { useState } from "react";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { useRecordBalancePayment, useUndoPayment } from "#client/features/payment-requests/api.ts";
import { PaymentForm } from "#client/features/payment-requests/payments-dialog.tsx";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import { formatMoney } from "#shared/money.ts";
import type { BalancePayments } from "#shared/schemas/balance.ts";
import { type BalanceActionProps, CurrencyButtons, severalOpen, type Total } from "./currency-buttons";

/**
 * "Record a payment" on a person's balance: one payment toward everything open with them in a
 * currency, spread oldest first as part payments (the server's rule), so a tenant's $1,500 for
 * two months is entered once. Its toast's Undo takes back every part.
 */
export function BalancePayment({ phone, name, totals }: BalanceActionProps) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const record = useRecordBalancePayment();
  const undoPart = useUndoPayment();
  const [paying, setPaying] = useState<Total | null>(null);
  const several = severalOpen(totals);
  if (several.length === 0) return null;
  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);

  const undo = (made: BalancePayments) =>
    Promise.all(
      made.payments.map((part) => undoPart.mutateAsync({ id: part.requestId, paymentId: part.paymentId })),
    ).then(
      () => toast({ title: i18n._("Payment undone"), description: name }),
      (error: unknown) =>
        showActionError(error, {
          title: i18n._("Error"),
          description: i18n._("Failed to undo the payment. Please try again."),
        }),
    );

  return (
    <>
      <CurrencyButtons
        totals={several}
        icon={HandCoins}
        variant="secondary"
        onPick={setPaying}
        label={(total) =>
          several.length > 1
            ? i18n._("Record a payment in {currency}", { currency: total.currency })
            : i18n._("Record a payment")
        }
      />
      {paying ? (
        <Dialog
          title={i18n._("Record a payment")}
          description={i18n._("{name} owes {left} in all. A payment covers the oldest first.", {
            name,
            left: money(paying.owed, paying.currency),
          })}
          onClose={() => setPaying(null)}
          holdsInput
        >
          <PaymentForm
            id={`balance-${paying.currency}`}
            left={paying.owed}
            currency={paying.currency}
            saving={record.isPending}
            onCancel={() => setPaying(null)}
            onSave={(payment) =>
              record
                .mutateAsync({ phone, payment: { ...payment, currency: paying.currency } })
                .then((made) => {
                  const left =
                    (parseMinor(paying.owed, paying.currency) ?? 0) -
                    (parseMinor(payment.amount, paying.currency) ?? 0);
                  toast({
                    title: i18n._("Payment recorded"),
                    description: i18n._(
                      "{amount} from {name}, toward {count, plural, one {# request} other {# requests}} · {left} left",
                      {
                        amount: money(payment.amount, paying.currency),
                        name,
                        count: made.payments.length,
                        left: money(minorToAmount(left, paying.currency), paying.currency),
                      },
                    ),
                    duration: 10_000,
                    action: { label: i18n._("Undo"), onClick: () => void undo(made) },
                  });
                  setPaying(null);
                })
            }
          />
        </Dialog>
      ) : null}
    </>
  );
}
