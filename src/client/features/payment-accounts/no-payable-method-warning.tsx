import { Trans, useLingui } from "@lingui/react";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { paths } from "#client/lib/paths.ts";
import { anyPaidFromLink, type Provider } from "#shared/providers.ts";

/**
 * Said when none of these methods can be paid from a request link (Google Pay alone, docs/pay-buttons.md): the pay
 * page would leave the payer with no way to pay. Payment Methods shows it under the list; Request Payment
 * shows it with a link to Payment Methods.
 */
export function NoPayableMethodWarning({
  providers,
  linkToMethods = false,
}: {
  providers: readonly Provider[];
  linkToMethods?: boolean;
}): ReactNode {
  const { i18n } = useLingui();
  if (anyPaidFromLink(providers)) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {providers.length === 0
          ? i18n._("You have no payment method yet, so your payment page has no way to pay you.")
          : i18n._(
              "Google Pay no longer sends money between people in the US, so your payment page has no way to pay you.",
            )}{" "}
        {linkToMethods ? (
          <Trans
            id="Add PayPal, Venmo, Cash App or Zelle on <0>Payment Methods</0>."
            components={{
              0: <Link href={paths.paymentMethods} className="font-semibold underline underline-offset-4" />,
            }}
          />
        ) : (
          i18n._("Add PayPal, Venmo, Cash App or Zelle.")
        )}
      </p>
    </div>
  );
}
