import { useMutation } from "@tanstack/react-query";
import { setUser } from "#client/features/auth/set-user.ts";
import { apiRequest } from "#client/lib/api.ts";
import type { ProfileInput } from "#shared/schemas/user.ts";

/** PUT /api/auth/profile: answers the updated user, which replaces the cached one. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (input: ProfileInput) => setUser(await apiRequest("PUT", "/api/auth/profile", input)),
  });
}
