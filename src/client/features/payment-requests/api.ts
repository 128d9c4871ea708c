import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import {
  type PaymentRequest,
  PaymentRequestSchema,
  ReminderResponseSchema,
  type StatusUpdateSchema,
} from "../../../shared/schemas/payment-request";
import { apiRequest, isUnauthorizedError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const REQUESTS_URL = "/api/payment-requests";

/** GET /api/payment-requests: pending first, then newest first (the server's order). */
export const paymentRequestsQuery = queryOptions({
  queryKey: [REQUESTS_URL] as const,
  queryFn: async (): Promise<PaymentRequest[]> =>
    z.array(PaymentRequestSchema).parse(await apiRequest("GET", REQUESTS_URL)),
});

/** The list in the server's order (Home). */
export function usePaymentRequests() {
  return useQuery(paymentRequestsQuery);
}

/** Reloads the list (after a request is created or changed). */
export function reloadPaymentRequests() {
  return queryClient.invalidateQueries({ queryKey: paymentRequestsQuery.queryKey });
}

const requestUrl = (id: string, action: "status" | "remind") =>
  `${REQUESTS_URL}/${encodeURIComponent(id)}/${action}`;

/**
 * Reloads the list whether the change worked or not, so a request settled elsewhere (409) shows
 * its real status. After a 401 the user is sent to sign in; a reload would only repeat the toast.
 */
function reloadListUnlessSignedOut(_data: unknown, error: unknown) {
  return isUnauthorizedError(error) ? undefined : reloadPaymentRequests();
}

async function updateStatus(id: string, status: z.input<typeof StatusUpdateSchema>["status"]) {
  const body: z.input<typeof StatusUpdateSchema> = { status };
  return PaymentRequestSchema.parse(await apiRequest("PATCH", requestUrl(id, "status"), body));
}

/** PATCH …/status {paid}: pending → paid only. Home and Archive both offer it. */
export function useMarkRequestPaid() {
  return useMutation({
    mutationFn: (id: string): Promise<PaymentRequest> => updateStatus(id, "paid"),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** PATCH …/status {cancelled}: pending → cancelled; its pay link stops working. */
export function useCancelRequest() {
  return useMutation({
    mutationFn: (id: string): Promise<PaymentRequest> => updateStatus(id, "cancelled"),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** POST …/remind: records the reminder and answers with its text. */
export function useRemindRequest() {
  return useMutation({
    mutationFn: async (id: string) =>
      ReminderResponseSchema.parse(await apiRequest("POST", requestUrl(id, "remind"))),
    onSettled: reloadListUnlessSignedOut,
  });
}
