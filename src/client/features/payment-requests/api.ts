import { infiniteQueryOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { saveContactOf } from "#client/features/payees/api.ts";
import { askToRename, CONTACT_QUESTION_DELAY_MS } from "#client/features/payees/contact-questions.ts";
import { refreshRequests } from "#client/features/payment-requests/live-updates.ts";
import { REQUESTS_URL } from "#client/features/payment-requests/request-keys.ts";
import { apiPage, apiRequest, isUnauthorizedError } from "#client/lib/api.ts";
import { type Page, pagesQuery } from "#client/lib/pages.ts";
import {
  type Balance,
  BalanceLinkSchema,
  type BalancePaymentInput,
  BalancePaymentsSchema,
  BalanceSchema,
} from "#shared/schemas/balance.ts";
import { listUrl } from "#shared/schemas/page.ts";
import type { RecordPaymentInput } from "#shared/schemas/payment.ts";
import {
  type CreatePaymentRequestResponse,
  CreatePaymentRequestResponseSchema,
  type PaymentRequest,
  type PaymentRequestInput,
  PaymentRequestSchema,
  type PaymentRequestSummary,
  PaymentRequestSummarySchema,
  type PaymentRequestUpdate,
  ReminderResponseSchema,
  type RequestFilterSchema,
  type StatusUpdateSchema,
} from "#shared/schemas/payment-request.ts";

/** How many requests Home shows: the pending ones first, then the newest (one bounded page). */
export const HOME_LIMIT = 20;

/** Home: the first page in the server's order, pending first, then newest first; never the history. */
export const homeRequestsQuery = queryOptions({
  queryKey: [REQUESTS_URL, "home"] as const,
  queryFn: async (): Promise<PaymentRequest[]> =>
    z
      .array(PaymentRequestSchema)
      .parse(await apiRequest("GET", listUrl(REQUESTS_URL, { limit: HOME_LIMIT }))),
});

export function useHomeRequests() {
  return useQuery(homeRequestsQuery);
}

/** Archive's search (`q`) and status filter, as the list, its summary and the server take them. */
export type RequestFilter = z.input<typeof RequestFilterSchema>;

/** Archive: the matching requests newest first, a page at a time. */
export const requestPagesQuery = (filter: RequestFilter) =>
  pagesQuery(
    [REQUESTS_URL, "pages", filter],
    listUrl(REQUESTS_URL, { order: "newest", status: filter.status, q: filter.q }),
    PaymentRequestSchema,
  );

/** Archive's totals and counts over every matching request, computed by the server. */
export const requestSummaryQuery = (filter: RequestFilter) =>
  queryOptions({
    queryKey: [REQUESTS_URL, "summary", filter] as const,
    queryFn: async (): Promise<PaymentRequestSummary> =>
      PaymentRequestSummarySchema.parse(
        await apiRequest("GET", listUrl(`${REQUESTS_URL}/summary`, { status: filter.status, q: filter.q })),
      ),
  });

async function createPaymentRequest(input: PaymentRequestInput): Promise<CreatePaymentRequestResponse> {
  return CreatePaymentRequestResponseSchema.parse(await apiRequest("POST", REQUESTS_URL, input));
}

export type SendRequestInput = { request: PaymentRequestInput; saveContact: boolean };

/**
 * POST /api/payment-requests from Request Payment. The contact is saved only once the request
 * is made (a failed request saves nothing), after the text composer has been opened: the
 * request alone decides how soon it opens. A number saved under another name is asked about.
 */
export function useSendRequest() {
  return useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: () => refreshRequests(),
  });
}

/** Saves a created request's contact when asked to, and asks before renaming a saved one. */
export function saveContactAfter({ request, saveContact }: SendRequestInput): void {
  if (!saveContact) return;
  const name = request.recipientName;
  void saveContactOf({ name, phone: request.recipientPhone }).then((saved) => {
    if (saved.kind === "other-name") {
      // After the "created" toast has been read (the phone page goes home at the same time).
      setTimeout(() => askToRename(saved.existing, name), CONTACT_QUESTION_DELAY_MS);
    }
  });
}

const requestUrl = (id: string, action?: "status" | "remind" | "text") =>
  `${REQUESTS_URL}/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/**
 * Reloads the list whether the change worked or not, so a request settled elsewhere (409) shows
 * its real status. After a 401 the user is sent to sign in; a reload would only repeat the toast.
 */
function reloadListUnlessSignedOut(_data: unknown, error: unknown) {
  return isUnauthorizedError(error) ? undefined : refreshRequests();
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

/** PATCH …/status {pending}: paid → pending, the requester's Undo or "Mark as not paid". */
export function useMarkRequestNotPaid() {
  return useMutation({
    mutationFn: (id: string): Promise<PaymentRequest> => updateStatus(id, "pending"),
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

/** PATCH /api/payment-requests/{id}: a pending request's due date or reminder days. */
export function useChangeSchedule() {
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: PaymentRequestUpdate }) =>
      PaymentRequestSchema.parse(await apiRequest("PATCH", requestUrl(id), changes)),
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

/** GET /api/payment-requests/{id}: one request with its part payments (the payments dialog). */
export const requestWithPaymentsQuery = (id: string) =>
  queryOptions({
    queryKey: [REQUESTS_URL, "one", id] as const,
    queryFn: async (): Promise<PaymentRequest> =>
      PaymentRequestSchema.parse(await apiRequest("GET", requestUrl(id))),
  });

/**
 * GET /api/balances/{phone}: what one person owes in all (per currency) and their open requests,
 * oldest first, a page at a time (the Link header). Under REQUESTS_URL, so every change to a
 * request (live events, Mark Paid, a payment) reloads it.
 */
export const balanceQuery = (phone: string) =>
  infiniteQueryOptions({
    queryKey: [REQUESTS_URL, "balance", phone] as const,
    queryFn: async ({ pageParam }): Promise<Page<Balance>> => {
      const { body, next } = await apiPage(pageParam);
      return { items: [BalanceSchema.parse(body)], next };
    },
    initialPageParam: `/api/balances/${encodeURIComponent(phone)}`,
    getNextPageParam: (last: Page<Balance>) => last.next ?? undefined,
  });

/** POST /api/balances/{phone}/link ("Request all"): the link for everything open in one currency, and its text. */
export function useRequestAll() {
  return useMutation({
    mutationFn: async ({ phone, currency }: { phone: string; currency: string }) =>
      BalanceLinkSchema.parse(
        await apiRequest("POST", `/api/balances/${encodeURIComponent(phone)}/link`, { currency }),
      ),
  });
}

/** POST /api/balances/{phone}/payments: a payment toward a person's whole balance, spread oldest first. */
export function useRecordBalancePayment() {
  return useMutation({
    mutationFn: async ({ phone, payment }: { phone: string; payment: BalancePaymentInput }) =>
      BalancePaymentsSchema.parse(
        await apiRequest("POST", `/api/balances/${encodeURIComponent(phone)}/payments`, payment),
      ),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** POST …/payments: records part of a request as paid; the answer is the request with its payments. */
export function useRecordPayment() {
  return useMutation({
    mutationFn: async ({ id, payment }: { id: string; payment: RecordPaymentInput }) =>
      PaymentRequestSchema.parse(await apiRequest("POST", `${requestUrl(id)}/payments`, payment)),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** DELETE …/payments/{paymentId}: undoes one part payment (its Undo). */
export function useUndoPayment() {
  return useMutation({
    mutationFn: async ({ id, paymentId }: { id: string; paymentId: string }) =>
      PaymentRequestSchema.parse(
        await apiRequest("DELETE", `${requestUrl(id)}/payments/${encodeURIComponent(paymentId)}`),
      ),
    onSettled: reloadListUnlessSignedOut,
  });
}

/** GET …/text: the request's own text again, word for word, for a text that never went. */
export function useTextAgain() {
  return useMutation({
    mutationFn: async (id: string) =>
      ReminderResponseSchema.parse(await apiRequest("GET", requestUrl(id, "text"))),
    onError: reloadListUnlessSignedOut,
  });
}
