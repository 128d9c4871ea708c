import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "#client/lib/api.ts";
import { handleUnauthorized } from "#client/lib/unauthorized.ts";

/**
 * The app's one query client, imported wherever a cache is read or changed. No retries, never
 * stale, no refetch on window focus, no polling; every query brings its own `queryFn`.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A read that answers 401 means the session ended mid-use (the user query returns null instead).
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  }),
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
