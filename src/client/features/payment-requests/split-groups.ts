import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** One entry of Home's or Archive's list: a request on its own, or the shares of one split. */
export type ListEntry =
  | { kind: "request"; request: PaymentRequest }
  | { kind: "split"; splitId: string; requests: PaymentRequest[] };

/**
 * The loaded rows as the list shows them: every share of a split joins one entry, placed where
 * the first of them comes in the server's order. The rows are all pages loaded so far, so a
 * share on a later page joins its group when that page arrives, never appearing twice
 * (docs/decisions/016-close-the-loop.md).
 */
export function groupBySplit(requests: readonly PaymentRequest[]): ListEntry[] {
  const entries: ListEntry[] = [];
  const groups = new Map<string, PaymentRequest[]>();
  for (const request of requests) {
    if (!request.splitId) {
      entries.push({ kind: "request", request });
      continue;
    }
    const group = groups.get(request.splitId);
    if (group) {
      group.push(request);
      continue;
    }
    const members = [request];
    groups.set(request.splitId, members);
    entries.push({ kind: "split", splitId: request.splitId, requests: members });
  }
  return entries;
}
