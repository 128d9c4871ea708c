import { formatTotals } from "#shared/currency.ts";
import type { PaymentRequestSummary } from "#shared/schemas/payment-request.ts";

/**
 * One of the summary's sums in every currency it holds, as one line: "$120.00 · €40.00", written
 * for `locale` (a screen passes `useIntlLocale()`; "en-US" by default).
 */
export function totalsOf(
  summary: Pick<PaymentRequestSummary, "totals">,
  which: "collected" | "outstanding",
  locale = "en-US",
): string {
  return formatTotals(
    summary.totals.map((total) => ({ currency: total.currency, amount: total[which] })),
    locale,
  );
}
