import type { RequestFilter } from "#client/features/payment-requests/api.ts";
import { paths } from "#client/lib/paths.ts";
import type { PaymentRequest, RequestStatus } from "#shared/schemas/payment-request.ts";

/** The last path segment of a short URL: "http://host/pay/AbC123?x#y" → "AbC123". */
export function lastPathSegment(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return path.replace(/\/+$/, "").split("/").pop() ?? "";
}

/**
 * Archive: View Payment Page opens /pay/{last path segment of shortUrl} on this site.
 * A cancelled request's link shows only the not-found view (docs/product.md "Short links", under
 * "Decisions the brief left open"): no button.
 */
export function payPageHref(request: Pick<PaymentRequest, "shortUrl" | "status">): string | null {
  return request.status === "cancelled" ? null : paths.pay(lastPathSegment(request.shortUrl));
}

/** The Archive's status filter: every status, one, or "Says paid". */
export type StatusFilter = "all" | RequestStatus | "claimed";

export type HistoryFilter = { query: string; status: StatusFilter };

/** What Archive asks the server for: a status only when one is picked, the search text trimmed. */
export function serverFilter(filter: HistoryFilter): RequestFilter {
  const q = filter.query.trim();
  return { ...(filter.status === "all" ? {} : { status: filter.status }), ...(q ? { q } : {}) };
}
