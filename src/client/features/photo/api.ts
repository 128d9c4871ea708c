import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PhotoUpdateResponseSchema, UploadUrlResponseSchema } from "../../../shared/schemas/photo";
import { apiRequest } from "../../lib/api";
import { USER_QUERY_KEY } from "../../lib/user";

/** POST /api/profile/photo/upload: a signed, short-lived URL to PUT the file to (spec §7). */
export async function requestUploadUrl(): Promise<string> {
  return UploadUrlResponseSchema.parse(await apiRequest("POST", "/api/profile/photo/upload")).uploadURL;
}

/** PUT /api/profile/photo, then the cached user is invalidated (spec §7, §4 Photo page). */
export function useSetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoURL: string) =>
      PhotoUpdateResponseSchema.parse(await apiRequest("PUT", "/api/profile/photo", { photoURL })).objectPath,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
