import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "#client/lib/api.ts";
import { whenBackOnline } from "#client/lib/connection.ts";
import { handleUnauthorized } from "#client/lib/unauthorized.ts";

/**
 * The app's one query client, imported wherever a cache is read or changed. No retries, never
 * stale, no refetch on window focus, no polling; every query brings its own `queryFn`.
 * Offline, calls are made anyway and fail at once (`networkMode: "always"`): a screen shows its
 * error and the "You're offline" banner (lib/connection.ts) rather than a spinner that waits
 * for the network, and a tap on Mark Paid is never held back to land minutes later. When the
 * browser is back online every query on screen is fetched again (whenBackOnline below; TanStack's
 * own reconnect refetch skips fresh data and misses a page that was opened offline).
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
      refetchOnReconnect: false,
      networkMode: "always",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});

if (typeof window !== "undefined") whenBackOnline(() => void queryClient.invalidateQueries());
