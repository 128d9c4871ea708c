import { useLingui } from "@lingui/react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { useUser } from "#client/features/auth/user.ts";
import { usePaymentAccounts } from "#client/features/payment-accounts/api.ts";
import { MethodOrder } from "#client/features/payment-accounts/method-order.tsx";
import { PaymentMethodsFormView } from "#client/features/payment-accounts/payment-methods-form.tsx";
import { apiErrorMessage } from "#client/lib/api.ts";
import { WhyConnectPanel } from "./why-connect-panel";

/**
 * /payment-methods (docs/product.md "Payment methods"): the user's accounts; a US account's at the
 * spec's five providers, another country's at its own rail and PayPal (providers.ts providersFor).
 */
export default function PaymentMethodsPage() {
  const { i18n } = useLingui();
  const accounts = usePaymentAccounts();
  const { user } = useUser();
  return (
    <>
      <PageHeader
        title={i18n._("Payment Methods")}
        description={i18n._("Choose how people can pay you, and enter your handle for each.")}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-label={i18n._("Your payment methods")}>
          {accounts.isPending ? (
            <Card>
              <LoadingBlock label={i18n._("Loading your payment methods…")} />
            </Card>
          ) : accounts.isError ? (
            <Card>
              <CardContent className="space-y-3 text-center">
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {i18n._("We couldn't load your payment methods. {reason}", {
                    reason: i18n._(apiErrorMessage(accounts.error)),
                  })}
                </p>
                <Button variant="secondary" onClick={() => void accounts.refetch()}>
                  {i18n._("Try again")}
                </Button>
              </CardContent>
            </Card>
          ) : (
            <>
              <PaymentMethodsFormView accounts={accounts.data} country={user?.country} />
              <MethodOrder accounts={accounts.data} chosen={user?.methodOrder} />
            </>
          )}
        </section>
        <aside className="lg:sticky lg:top-24">
          <WhyConnectPanel />
        </aside>
      </div>
    </>
  );
}
