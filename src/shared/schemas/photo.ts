import { z } from "zod";

/**
 * Upload-parameter request (an addition to spec §3): the size of the file about to be PUT, so
 * the store can refuse any other length. Optional on local disk, required with S3.
 */
export const UploadUrlInputSchema = z.strictObject({ size: z.number().int().positive() });
export type UploadUrlInput = z.infer<typeof UploadUrlInputSchema>;

/** Spec §3 Upload-parameter response. */
export const UploadUrlResponseSchema = z.object({ uploadURL: z.string() });

/** Spec §3 Photo update request and response. */
export const PhotoUpdateInputSchema = z.strictObject({ photoURL: z.string().min(1).max(2048) });
export const PhotoUpdateResponseSchema = z.object({ objectPath: z.string() });
