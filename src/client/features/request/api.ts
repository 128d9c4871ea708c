import { useMutation } from "@tanstack/react-query";
import { type Payee, type PayeeInput, PayeeSchema } from "../../../shared/schemas/payee";
import {
  type CreatePaymentRequestResponse,
  CreatePaymentRequestResponseSchema,
} from "../../../shared/schemas/payment-request";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { PAYEES_KEY, PAYMENT_REQUESTS_KEY } from "../../lib/query-keys";
import type { RequestPayload } from "./validate-request-form";

async function createPaymentRequest(input: RequestPayload): Promise<CreatePaymentRequestResponse> {
  return CreatePaymentRequestResponseSchema.parse(await apiRequest("POST", PAYMENT_REQUESTS_KEY[0], input));
}

/** POST /api/payees: the same phone updates the saved name. Spec §8: a failure is only logged. */
async function saveContact(input: PayeeInput): Promise<Payee | null> {
  try {
    const payee = PayeeSchema.parse(await apiRequest("POST", PAYEES_KEY[0], input));
    void queryClient.invalidateQueries({ queryKey: PAYEES_KEY });
    return payee;
  } catch (error) {
    console.error("Contact save failed", error);
    return null;
  }
}

export type SendRequestInput = { request: RequestPayload; saveContact: boolean };

/**
 * Spec §2 Request Payment: creates the request and, when asked, saves the contact alongside it
 * (both calls at once, so the text composer opens no later than the request alone allows).
 */
export function useSendRequest() {
  return useMutation({
    mutationFn: async ({ request, saveContact: save }: SendRequestInput) => {
      const contact = save
        ? saveContact({ name: request.recipientName, phone: request.recipientPhone })
        : Promise.resolve(null);
      const created = await createPaymentRequest(request);
      await contact;
      return created;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_KEY }),
  });
}
