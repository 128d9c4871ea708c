import { useMutation, useQuery } from "@tanstack/react-query";
import { type Split, type SplitInput, SplitSchema } from "../../../shared/schemas/split";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { reloadPaymentRequests } from "../payment-requests/api";

export const SPLITS_URL = "/api/splits";

/** GET /api/splits/{id}: the group view; live events refetch it (lib/live-updates.ts). */
export function useSplit(id: string) {
  return useQuery({
    queryKey: [SPLITS_URL, id],
    queryFn: async (): Promise<Split> =>
      SplitSchema.parse(await apiRequest("GET", `${SPLITS_URL}/${encodeURIComponent(id)}`)),
  });
}

/** POST /api/splits: one request per person; the lists gain them all. */
export function useCreateSplit() {
  return useMutation({
    mutationFn: async (input: SplitInput): Promise<Split> =>
      SplitSchema.parse(await apiRequest("POST", SPLITS_URL, input)),
    onSuccess: (split) => {
      queryClient.setQueryData([SPLITS_URL, split.id], split);
      return reloadPaymentRequests();
    },
  });
}
