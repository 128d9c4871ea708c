import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { refreshRequests } from "#client/features/payment-requests/live-updates.ts";
import { SPLITS_URL } from "#client/features/payment-requests/request-keys.ts";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { type Split, type SplitInput, SplitSchema } from "#shared/schemas/split.ts";

/** GET /api/splits/{id}: the group view; live events refetch it (features/payment-requests/live-updates.ts). */
export const splitQuery = (id: string) =>
  queryOptions({
    queryKey: [SPLITS_URL, id] as const,
    queryFn: async (): Promise<Split> =>
      SplitSchema.parse(await apiRequest("GET", `${SPLITS_URL}/${encodeURIComponent(id)}`)),
  });

export function useSplit(id: string) {
  return useQuery(splitQuery(id));
}

/** POST /api/splits: one request per person; the lists gain them all. */
export function useCreateSplit() {
  return useMutation({
    mutationFn: async (input: SplitInput): Promise<Split> =>
      SplitSchema.parse(await apiRequest("POST", SPLITS_URL, input)),
    onSuccess: (split) => {
      queryClient.setQueryData(splitQuery(split.id).queryKey, split);
      return refreshRequests();
    },
  });
}
