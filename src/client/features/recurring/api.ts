import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest, isUnauthorizedError } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import {
  RecurringListSchema,
  type RecurringRequestInput,
  type RecurringSeries,
  RecurringSeriesSchema,
  type RecurringUpdate,
} from "#shared/schemas/recurring.ts";

const RECURRING_URL = "/api/recurring-requests";

/** GET /api/recurring-requests: every series, open ones first, each with its next date. */
export const recurringQuery = queryOptions({
  queryKey: [RECURRING_URL],
  queryFn: async () => RecurringListSchema.parse(await apiRequest("GET", RECURRING_URL)),
});

export function useRecurringSeries() {
  return useQuery(recurringQuery);
}

const reload = (error: unknown) =>
  isUnauthorizedError(error)
    ? undefined
    : queryClient.invalidateQueries({ queryKey: recurringQuery.queryKey });

/** POST /api/recurring-requests: starts a series; the list reloads. */
export async function createRecurring(input: RecurringRequestInput): Promise<RecurringSeries> {
  const series = RecurringSeriesSchema.parse(await apiRequest("POST", RECURRING_URL, input));
  void reload(null);
  return series;
}

/** PATCH /api/recurring-requests/{id}: pause, resume, or change future occurrences. */
export function useUpdateRecurring() {
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: RecurringUpdate }) =>
      RecurringSeriesSchema.parse(
        await apiRequest("PATCH", `${RECURRING_URL}/${encodeURIComponent(id)}`, change),
      ),
    onSettled: (_data, error) => reload(error),
  });
}

/** DELETE /api/recurring-requests/{id}: ends the series; the requests it made stay. */
export function useEndRecurring() {
  return useMutation({
    mutationFn: async (id: string) =>
      RecurringSeriesSchema.parse(await apiRequest("DELETE", `${RECURRING_URL}/${encodeURIComponent(id)}`)),
    onSettled: (_data, error) => reload(error),
  });
}
