import { formatTotals } from "#shared/currency.ts";
import type { PaymentRequestSummary } from "#shared/schemas/payment-request.ts";

/** One of the summary's sums in every currency it holds, as one line: "$120.00 · €40.00". */
export function totalsOf(
  summary: Pick<PaymentRequestSummary, "totals">,
  which: "collected" | "outstanding",
): string {
  return formatTotals(summary.totals.map((total) => ({ currency: total.currency, amount: total[which] })));
}
