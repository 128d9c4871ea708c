import { useMutation } from "@tanstack/react-query";
import {
  type CreatePaymentRequestResponse,
  CreatePaymentRequestResponseSchema,
} from "../../../shared/schemas/payment-request";
import { apiRequest } from "../../lib/api";
import { savePayee } from "../payees/api";
import { paymentRequestsQuery, reloadPaymentRequests } from "../payment-requests/api";
import type { RequestPayload } from "./validate-request-form";

async function createPaymentRequest(input: RequestPayload): Promise<CreatePaymentRequestResponse> {
  return CreatePaymentRequestResponseSchema.parse(
    await apiRequest("POST", paymentRequestsQuery.queryKey[0], input),
  );
}

/** Saving the contact beside a request: a failure is only logged (docs/product.md "Request Payment"). */
async function saveContact(input: RequestPayload) {
  try {
    return await savePayee({ name: input.recipientName, phone: input.recipientPhone });
  } catch (error) {
    console.error("Contact save failed", error);
    return null;
  }
}

export type SendRequestInput = { request: RequestPayload; saveContact: boolean };

/**
 * Creates the request and, when asked, saves the contact alongside it (both calls at once, so
 * the text composer opens no later than the request alone allows).
 */
export function useSendRequest() {
  return useMutation({
    mutationFn: async ({ request, saveContact: save }: SendRequestInput) => {
      const contact = save ? saveContact(request) : Promise.resolve(null);
      const created = await createPaymentRequest(request);
      await contact;
      return created;
    },
    onSuccess: reloadPaymentRequests,
  });
}
