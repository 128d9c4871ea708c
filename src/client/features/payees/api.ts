import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest, isUnauthorizedError } from "#client/lib/api.ts";
import { pagesQuery } from "#client/lib/pages.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { listUrl } from "#shared/schemas/page.ts";
import { type Payee, type PayeeInput, PayeeSchema, type PayeeUpdate } from "#shared/schemas/payee.ts";

const PAYEES_URL = "/api/payees";

/** GET /api/payees: the saved contacts by name, a page at a time. */
export const payeePagesQuery = pagesQuery([PAYEES_URL], PAYEES_URL, PayeeSchema);

export function usePayeePages() {
  return useInfiniteQuery(payeePagesQuery);
}

/** POST /api/payees: saves a contact (a phone saved under another name is a 409); the list reloads. */
export async function savePayee(input: PayeeInput): Promise<Payee> {
  const payee = PayeeSchema.parse(await apiRequest("POST", PAYEES_URL, input));
  void queryClient.invalidateQueries({ queryKey: payeePagesQuery.queryKey });
  return payee;
}

/** DELETE /api/payees/{id}: answers 204; the list is reloaded even if it was gone already. */
export function useDeletePayee() {
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `${PAYEES_URL}/${encodeURIComponent(id)}`);
    },
    onSettled: (_data, error) =>
      isUnauthorizedError(error)
        ? undefined
        : queryClient.invalidateQueries({ queryKey: payeePagesQuery.queryKey }),
  });
}

/** PATCH /api/payees/{id}: a new name or phone for a saved contact; the list reloads. */
export async function updatePayee(id: string, changes: PayeeUpdate): Promise<Payee> {
  const payee = PayeeSchema.parse(
    await apiRequest("PATCH", `${PAYEES_URL}/${encodeURIComponent(id)}`, changes),
  );
  void queryClient.invalidateQueries({ queryKey: payeePagesQuery.queryKey });
  return payee;
}

/** GET /api/payees?q=: the first few saved contacts whose name or phone contains `q`. */
export async function findPayees(q: string, limit = 6): Promise<Payee[]> {
  return z.array(PayeeSchema).parse(await apiRequest("GET", listUrl(PAYEES_URL, { q, limit })));
}

/** The ten digits a phone is saved as: "(212) 555-0101" and "+1 212…" alike. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

/** What saving a request's contact came to: saved (or already so), or the same phone under another name. */
export type ContactSave = { kind: "saved" } | { kind: "other-name"; existing: Payee } | { kind: "failed" };

/**
 * Saves the contact of a request that was created (never before: a failed request saves
 * nothing). A phone already saved under another name is left as it is and returned, for the
 * user to choose; a failure is only logged (docs/product.md "Request Payment").
 */
export async function saveContactOf(input: PayeeInput): Promise<ContactSave> {
  try {
    await savePayee(input);
    return { kind: "saved" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const digits = phoneDigits(input.phone);
      const existing = (await findPayees(digits).catch(() => [])).find((p) => p.phone === digits);
      if (existing) return { kind: "other-name", existing };
    }
    console.error("Contact save failed", error);
    return { kind: "failed" };
  }
}
