import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Payee, type PayeeInput, PayeeSchema } from "../../../shared/schemas/payee";
import { apiRequest, isUnauthorizedError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const PAYEES_URL = "/api/payees";

/** GET /api/payees: the saved contacts, by name. */
export const payeesQuery = queryOptions({
  queryKey: [PAYEES_URL],
  queryFn: async (): Promise<Payee[]> => z.array(PayeeSchema).parse(await apiRequest("GET", PAYEES_URL)),
});

export function usePayees() {
  return useQuery(payeesQuery);
}

/** POST /api/payees: saves a contact (the same phone updates the saved name); the list reloads. */
export async function savePayee(input: PayeeInput): Promise<Payee> {
  const payee = PayeeSchema.parse(await apiRequest("POST", PAYEES_URL, input));
  void queryClient.invalidateQueries({ queryKey: payeesQuery.queryKey });
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
        : queryClient.invalidateQueries({ queryKey: payeesQuery.queryKey }),
  });
}
