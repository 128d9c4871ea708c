import { z } from "zod";

/**
 * Upload-parameter request (docs/product.md#photos): the size of the file about to be PUT, so
 * the store can refuse any other length. Optional on local disk, required with S3.
 */
export const UploadUrlInputSchema = z.strictObject({ size: z.number().int().positive() });
export type UploadUrlInput = z.infer<typeof UploadUrlInputSchema>;

/** POST /api/profile/photo/upload answers where to PUT the file. */
export const UploadUrlResponseSchema = z.object({ uploadURL: z.string() });

/** PUT /api/profile/photo: the uploaded file's URL in, its public path out. */
export const PhotoUpdateInputSchema = z.strictObject({ photoURL: z.string().min(1).max(2048) });
export const PhotoUpdateResponseSchema = z.object({ objectPath: z.string() });
