import { useLingui } from "@lingui/react";
import { MessageSquareText } from "lucide-react";
import { useState } from "react";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { useRequestAll } from "#client/features/payment-requests/api.ts";
import { SharePanel } from "#client/features/payment-requests/share-panel.tsx";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { launchSms } from "#client/lib/sms-launch.ts";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import type { BalanceLink } from "#shared/schemas/balance.ts";
import { smsLink } from "#shared/sms.ts";
import { type BalanceActionProps, CurrencyButtons, severalOpen } from "./currency-buttons";

/**
 * "Request all" on a person's balance: one text, one link, for everything open with them in a
 * currency (one button per currency: totals are never added across). The link's page lists the
 * requests and asks for their total; the payer's "I've paid" there settles them oldest first.
 * Where this device cannot text, the link to share instead.
 */
export function RequestAll({ phone, name, totals }: BalanceActionProps) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const requestAll = useRequestAll();
  const [sharing, setSharing] = useState<BalanceLink | null>(null);
  // Worth a link of its own only where there is more than one request in that currency.
  const several = severalOpen(totals);
  if (several.length === 0) return null;
  const money = (total: { owed: string; currency: string }) =>
    formatMoney(total.owed, total.currency, locale);
  const ask = (currency: string) =>
    requestAll.mutate(
      { phone, currency },
      {
        onSuccess: (link) => {
          if (launchSms(smsLink(phone, link.smsMessage))) {
            toast({
              title: i18n._("Text ready"),
              description: i18n._("Your text message app has the request."),
            });
            return;
          }
          setSharing(link);
        },
        onError: (error) =>
          showActionError(error, {
            title: i18n._("Error"),
            description: i18n._("Failed to prepare the text. Please try again."),
          }),
      },
    );
  return (
    <>
      <CurrencyButtons
        totals={several}
        icon={MessageSquareText}
        disabled={requestAll.isPending}
        onPick={(total) => ask(total.currency)}
        label={(total) => i18n._("Request all {amount}", { amount: money(total) })}
      />
      {sharing ? (
        <Dialog
          title={i18n._("Share request")}
          description={i18n._("{amount} from {name}", {
            amount: money({ owed: sharing.amount, currency: sharing.currency }),
            name,
          })}
          onClose={() => setSharing(null)}
        >
          <SharePanel
            content={{
              title: i18n._("Payment request"),
              text: i18n._("Here's my payment request for {amount}.", {
                amount: money({ owed: sharing.amount, currency: sharing.currency }),
              }),
              url: sharing.shortUrl,
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}
