import { useQuery } from "@tanstack/react-query";
import { paymentRequestsQuery } from "../../lib/payment-requests";

/** The home list (spec §2 Home): every request, pending first, then newest first. */
export function useRecentRequests() {
  return useQuery(paymentRequestsQuery);
}
