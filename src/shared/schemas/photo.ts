import { z } from "zod";

/** Spec §3 Upload-parameter response. */
export const UploadUrlResponseSchema = z.object({ uploadURL: z.string() });

/** Spec §3 Photo update request and response. */
export const PhotoUpdateInputSchema = z.strictObject({ photoURL: z.string().min(1).max(2048) });
export const PhotoUpdateResponseSchema = z.object({ objectPath: z.string() });
