import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";
import type { User } from "#shared/schemas/user.ts";

const USER_URL = "/api/auth/user";

/**
 * The signed-in user, or null when signed out; 5 min fresh, 10 min kept, no retry (the query
 * client's default, lib/query-client.ts).
 */
export const userQueryOptions = queryOptions({
  queryKey: [USER_URL] as const,
  queryFn: async (): Promise<User | null> => {
    // The schema (and zod) load beside the request, keeping them out of the first bundle.
    const [data, { UserSchema }] = await Promise.all([
      apiRequest("GET", USER_URL, undefined, { on401: "returnNull" }),
      import("#shared/schemas/user.ts"),
    ]);
    return data === null ? null : UserSchema.parse(data);
  },
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  // A failed check is tried again by "Try again" or when the network is back, never because a
  // screen mounted: each try shows the splash, and the "We couldn't load your account" screen that
  // mounts after it would try again at once, in a loop (60 calls a second offline).
  retryOnMount: false,
});

export type UserState = {
  user: User | null | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
};

/** The current user: undefined while loading, null when signed out. */
export function useUser(): UserState {
  const query = useQuery(userQueryOptions);
  return {
    user: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** The name shown for the user: profile name, else first + last, else email. */
export function displayName(user: User): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return user.profileName || full || user.email;
}
