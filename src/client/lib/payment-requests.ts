import { queryOptions, useMutation } from "@tanstack/react-query";
import { z } from "zod";
import {
  type PaymentRequest,
  PaymentRequestSchema,
  ReminderResponseSchema,
  type StatusUpdateSchema,
} from "../../shared/schemas/payment-request";
import { apiRequest, isUnauthorizedError } from "./api";
import { queryClient } from "./query-client";
import { PAYMENT_REQUESTS_KEY } from "./query-keys";

/** GET /api/payment-requests (spec §7): pending first, then newest first (server order). */
export const paymentRequestsQuery = queryOptions({
  queryKey: PAYMENT_REQUESTS_KEY,
  queryFn: async (): Promise<PaymentRequest[]> =>
    z.array(PaymentRequestSchema).parse(await apiRequest("GET", PAYMENT_REQUESTS_KEY[0])),
});

const requestUrl = (id: string, action: "status" | "remind") =>
  `${PAYMENT_REQUESTS_KEY[0]}/${encodeURIComponent(id)}/${action}`;

/**
 * Reloads the list whether the change worked or not, so a request settled elsewhere (409) shows
 * its real status. After a 401 the user is sent to sign in; a reload would only repeat the toast.
 */
function reloadListUnlessSignedOut(_data: unknown, error: unknown) {
  return isUnauthorizedError(error)
    ? undefined
    : queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_KEY });
}

async function updateStatus(id: string, status: z.input<typeof StatusUpdateSchema>["status"]) {
  const body: z.input<typeof StatusUpdateSchema> = { status };
  return PaymentRequestSchema.parse(await apiRequest("PATCH", requestUrl(id, "status"), body));
}

/** PATCH …/status {paid} (spec §4: pending → paid only). Home and Archive both offer it. */
export function useMarkRequestPaid() {
  return useMutation({
    mutationFn: (id: string): Promise<PaymentRequest> => updateStatus(id, "paid"),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** PATCH …/status {cancelled} (issue 5 "Cancel"): pending → cancelled; its pay link stops working. */
export function useCancelRequest() {
  return useMutation({
    mutationFn: (id: string): Promise<PaymentRequest> => updateStatus(id, "cancelled"),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** POST …/remind (issue 5 "Remind"): records the reminder and answers with its text. */
export function useRemindRequest() {
  return useMutation({
    mutationFn: async (id: string) =>
      ReminderResponseSchema.parse(await apiRequest("POST", requestUrl(id, "remind"))),
    onSettled: reloadListUnlessSignedOut,
  });
}
