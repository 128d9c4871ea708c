import { useQuery } from "@tanstack/react-query";
import { paymentRequestsQuery } from "../../lib/payment-requests";
import { newestFirst } from "./history";

/** Spec §2 Archive: every request, newest first (the server sends pending first). */
export function useRequestHistory() {
  return useQuery({ ...paymentRequestsQuery, select: newestFirst });
}
