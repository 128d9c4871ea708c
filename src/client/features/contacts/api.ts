import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Payee, PayeeSchema } from "../../../shared/schemas/payee";
import { apiRequest, isUnauthorizedError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { PAYEES_KEY } from "../../lib/query-keys";

/** GET /api/payees (spec §7): the saved contacts, by name. */
export function usePayees() {
  return useQuery({
    queryKey: PAYEES_KEY,
    queryFn: async (): Promise<Payee[]> => z.array(PayeeSchema).parse(await apiRequest("GET", PAYEES_KEY[0])),
  });
}

/** DELETE /api/payees/{id} (spec §7): answers 204; the list is reloaded even if it was gone already. */
export function useDeletePayee() {
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `${PAYEES_KEY[0]}/${encodeURIComponent(id)}`);
    },
    onSettled: (_data, error) =>
      isUnauthorizedError(error) ? undefined : queryClient.invalidateQueries({ queryKey: PAYEES_KEY }),
  });
}
