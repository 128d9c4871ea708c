import { sumAmounts } from "../../../shared/money";
import type { PaymentRequest, RequestStatus } from "../../../shared/schemas/payment-request";
import { paths } from "../../paths";

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/** Archive (docs/product.md "Archive"): history sorted newest first (ties keep the server's order). */
export function newestFirst(requests: readonly PaymentRequest[]): PaymentRequest[] {
  return [...requests].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

/** The last path segment of a short URL: "http://host/pay/AbC123?x#y" → "AbC123". */
export function lastPathSegment(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return path.replace(/\/+$/, "").split("/").pop() ?? "";
}

/**
 * Archive: View Payment Page opens /pay/{last path segment of shortUrl} on this site.
 * A cancelled request's link shows only the not-found view (DESIGN.md "Short links"): no button.
 */
export function payPageHref(request: Pick<PaymentRequest, "shortUrl" | "status">): string | null {
  return request.status === "cancelled" ? null : paths.pay(lastPathSegment(request.shortUrl));
}

/** The Archive's status filter: every status, one, or "Says paid". */
export type StatusFilter = "all" | RequestStatus | "claimed";

export type HistoryFilter = { query: string; status: StatusFilter };

/**
 * Requests whose recipient name or description contains the query (case-insensitive, spaces
 * around it ignored) and whose status matches; order is kept.
 */
export function filterHistory(requests: readonly PaymentRequest[], filter: HistoryFilter): PaymentRequest[] {
  const query = filter.query.trim().toLocaleLowerCase();
  return requests.filter(
    (r) =>
      (filter.status === "all" ||
        r.status === filter.status ||
        // Says paid: the payer claimed it and the requester has not marked it yet.
        (filter.status === "claimed" && r.status === "pending" && r.claimedPaidAt !== null)) &&
      (query === "" ||
        r.recipientName.toLocaleLowerCase().includes(query) ||
        (r.description ?? "").toLocaleLowerCase().includes(query)),
  );
}

/** Money paid to the user and money still asked for, as exact decimal text ("25.50"). */
export type HistoryTotals = { collected: string; outstanding: string };

export function historyTotals(requests: readonly PaymentRequest[]): HistoryTotals {
  const amountsOf = (status: RequestStatus) =>
    requests.filter((r) => r.status === status).map((r) => r.amount);
  return { collected: sumAmounts(amountsOf("paid")), outstanding: sumAmounts(amountsOf("pending")) };
}
