import { QueryCache, QueryClient } from "@tanstack/react-query";
import { getQueryFn, isUnauthorizedError } from "./api";
import { handleUnauthorized } from "./unauthorized";

/** Spec §9: no retries, never stale, no refetch on window focus, no polling. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A read that answers 401 means the session ended mid-use (the user query returns null instead).
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
