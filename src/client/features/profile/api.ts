import { useMutation } from "@tanstack/react-query";
import type { ProfileInput } from "../../../shared/schemas/user";
import { apiRequest } from "../../lib/api";
import { setUser } from "../../lib/set-user";

/** PUT /api/auth/profile: answers the updated user, which replaces the cached one. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (input: ProfileInput) => setUser(await apiRequest("PUT", "/api/auth/profile", input)),
  });
}
