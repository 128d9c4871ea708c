import { useMutation } from "@tanstack/react-query";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import {
  PhotoUpdateResponseSchema,
  type UploadUrlInput,
  UploadUrlResponseSchema,
} from "#shared/schemas/photo.ts";

/**
 * POST /api/profile/photo/upload: a signed, short-lived URL to PUT the file to, for a
 * file of exactly `size` bytes (the store refuses any other length).
 */
export async function requestUploadUrl(size: number): Promise<string> {
  const body: UploadUrlInput = { size };
  return UploadUrlResponseSchema.parse(await apiRequest("POST", "/api/profile/photo/upload", body)).uploadURL;
}

/** PUT /api/profile/photo, then the cached user is invalidated. */
export function useSetPhoto() {
  return useMutation({
    mutationFn: async (photoURL: string) =>
      PhotoUpdateResponseSchema.parse(await apiRequest("PUT", "/api/profile/photo", { photoURL })).objectPath,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
