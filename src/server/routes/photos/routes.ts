import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { emailConfirmed } from "#server/db/shared-queries.ts";
import { HttpError } from "#server/lib/http-error.ts";
import { SNIFF_BYTES, sniffImage } from "#server/lib/image-sniff.ts";
import {
  INCOMING_KEY_PATTERN,
  MAX_PHOTO_BYTES,
  type ObjectStorage,
  PHOTO_VARIANTS,
  PUBLISHED_KEY_PATTERN,
} from "#server/storage/object-storage.ts";
import { encodePhoto, photoProblem, readPhoto, warmSharp } from "#server/storage/photo-image.ts";
import {
  isOwnerTag,
  keyFromObjectPath,
  keyFromUrl,
  newUploadKey,
  OBJECTS_PREFIX,
  publishedKey,
  variantKey,
} from "#server/storage/photo-keys.ts";
import { MAX_PHOTO_LABEL } from "#shared/input-limits.ts";
import { PHOTO_MESSAGES } from "#shared/messages.ts";
import {
  PhotoUpdateInputSchema,
  PhotoUpdateResponseSchema,
  UploadUrlInputSchema,
  UploadUrlResponseSchema,
} from "#shared/schemas/photo.ts";
import { currentPhoto, replacePhoto } from "./queries";
import { startUploadSweeper } from "./sweeper";
import { registerLocalUploadRoute } from "./upload-route";

const VARIANT_SUFFIX = new RegExp(`-(?:${PHOTO_VARIANTS.join("|")})$`);

/** A photo and its resized versions. */
async function deletePhoto(storage: ObjectStorage, key: string): Promise<void> {
  await Promise.all([key, ...PHOTO_VARIANTS.map((v) => variantKey(key, v))].map((k) => storage.delete(k)));
}

/**
 * The photo calls (docs/product.md#photos), and the public /objects/ route that serves photos. An upload waits
 * under incoming/ (never served, swept within minutes) until it is set as the photo: then its
 * pixels are checked and it is re-encoded, with its resized versions, under uploads/.
 */
export const photoRoutes =
  ({
    db,
    config,
    signedIn,
    storage,
    secret,
    imageLimits,
    limiter,
    localUploads,
  }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Without S3 the browser uploads to us: PUT /api/uploads/* (upload-route.ts).
    if (localUploads) await registerLocalUploadRoute(app, localUploads);
    app.addHook("onClose", startUploadSweeper(storage, app.log, imageLimits));
    app.addHook("onListen", async () => warmSharp());
    const allowedOrigins = new Set([
      new URL(config.publicUrl).origin,
      ...(config.s3 ? [new URL(config.s3.endpoint).origin] : []),
    ]);

    await app.register(
      signedIn(async (app) => {
        app.post(
          "/api/profile/photo/upload",
          {
            schema: { body: UploadUrlInputSchema.nullish(), response: { 200: UploadUrlResponseSchema } },
          },
          async (request) => {
            const size = request.body?.size;
            if (size !== undefined && size > MAX_PHOTO_BYTES)
              throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
            if (size === undefined && storage.sizeRequired)
              throw new HttpError(400, "size: the file's size in bytes is required.", { field: "size" });
            const userId = signedInUser(request).id;
            // Where mail is configured, only confirmed addresses upload: a throwaway account costs more.
            if (config.mail && !(await emailConfirmed(db, userId)))
              throw new HttpError(403, "Please confirm your email address before uploading a photo.");
            // A local upload's size is not signed into its URL: it may be as large as any photo.
            const bytes = storage.sizeRequired && size !== undefined ? size : MAX_PHOTO_BYTES;
            // Bytes of upload links handed out: what accounts, addresses and everyone may put on disk
            // (the sweeper deletes what is not set as a photo within minutes).
            await limiter.checkAll(
              [
                { name: "uploadBytesPerAccount", who: userId, max: imageLimits.uploadBytesPerAccount },
                { name: "uploadBytesPerAddress", who: request.ip, max: imageLimits.uploadBytesPerAddress },
                { name: "uploadBytesTotal", who: "all", max: imageLimits.uploadBytesTotal },
              ],
              bytes,
            );
            const key = newUploadKey(secret, userId);
            return { uploadURL: await storage.createUploadUrl(key, size) };
          },
        );

        app.put(
          "/api/profile/photo",
          {
            schema: { body: PhotoUpdateInputSchema, response: { 200: PhotoUpdateResponseSchema } },
          },
          async (request) => {
            const userId = signedInUser(request).id;
            const { photoURL } = request.body;
            const key = keyFromUrl(photoURL, config.publicUrl);
            const origin = URL.canParse(photoURL, config.publicUrl)
              ? new URL(photoURL, config.publicUrl).origin
              : "";
            if (!key || !allowedOrigins.has(origin))
              throw new HttpError(400, "photoURL: not a photo upload.", { field: "photoURL" });
            if (!isOwnerTag(secret, userId, key.split("/")[1] ?? ""))
              throw new HttpError(403, "That upload belongs to someone else.");
            const published = publishedKey(key);
            const objectPath = `${OBJECTS_PREFIX}${published}`;
            const stored = INCOMING_KEY_PATTERN.test(key) ? await storage.head(key, SNIFF_BYTES) : null;
            if (stored) {
              const refuse = async (problem: string) => {
                await storage.delete(key);
                return new HttpError(400, `photoURL: ${problem}`, { field: "photoURL" });
              };
              if (stored.size > MAX_PHOTO_BYTES || !sniffImage(stored.head))
                throw await refuse(
                  `the file is not a JPEG, PNG, GIF or WebP image of at most ${MAX_PHOTO_LABEL}.`,
                );
              const bytes = await readPhoto(storage, key);
              const problem = bytes ? await photoProblem(bytes) : "the upload was not found.";
              if (problem || !bytes) throw await refuse(problem ?? "");
              const encoded = await encodePhoto(bytes).catch(() => null);
              if (!encoded) throw await refuse("the image could not be read.");
              // The versions first: once the photo itself is there, a page may ask for them.
              for (const variant of PHOTO_VARIANTS)
                await storage.write(variantKey(published, variant), encoded[variant]);
              await storage.write(published, encoded.photo);
              await storage.delete(key);
            } else if ((await currentPhoto(db, userId)) === objectPath) {
              // The current photo set again (its upload URL or objectPath, say a retry) changes nothing.
              return { objectPath };
            } else if (!(await storage.head(published, 1))) {
              // Neither waiting nor set by a concurrent call of the same user.
              throw new HttpError(400, "photoURL: the upload was not found. Please upload the photo again.", {
                field: "photoURL",
              });
            }
            let previous: string | null;
            try {
              previous = await replacePhoto(db, userId, objectPath);
            } catch (error) {
              await deletePhoto(storage, published).catch(() => {});
              throw error;
            }
            const previousKey = keyFromObjectPath(previous);
            if (previousKey && previousKey !== published) {
              await deletePhoto(storage, previousKey).catch((error) =>
                request.log.warn({ err: error }, "old photo not deleted"),
              );
            }
            return { objectPath };
          },
        );
      }),
    );

    // Photos are public by design (docs/product.md#photo: the photo is shown on payment pages).
    app.get("/objects/*", { schema: { params: z.object({ "*": z.string() }) } }, async (request, reply) => {
      let key = request.params["*"];
      const notFound = () => reply.status(404).send({ message: "Not found" });
      if (!PUBLISHED_KEY_PATTERN.test(key)) return notFound();
      let stored = await storage.head(key, SNIFF_BYTES);
      // A photo set before versions were made has none: the photo itself stands in.
      const base = key.replace(VARIANT_SUFFIX, "");
      if (!stored && base !== key && PUBLISHED_KEY_PATTERN.test(base)) {
        key = base;
        stored = await storage.head(key, SNIFF_BYTES);
      }
      const type = stored ? sniffImage(stored.head) : null;
      if (!type) return notFound();
      const object = await storage.read(key);
      if (!object) return notFound();
      return (
        reply
          .header("content-type", type)
          .header("content-length", object.size)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cross-origin-resource-policy", "cross-origin")
          // Not for good: a deleted photo should leave link previews within a day.
          .header("cache-control", `public, max-age=${imageLimits.imageCacheSeconds}`)
          .send(object.body)
      );
    });
  };
