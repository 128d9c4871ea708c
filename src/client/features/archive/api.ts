import { useQuery } from "@tanstack/react-query";
import { paymentRequestsQuery } from "../payment-requests/api";
import { newestFirst } from "./history";

/** Archive: every request, newest first (the server sends pending first). */
export function useRequestHistory() {
  return useQuery({ ...paymentRequestsQuery, select: newestFirst });
}
