import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_PHOTO_LABEL } from "../../../shared/limits";
import { PHOTO_MESSAGES } from "../../../shared/messages";
import {
  PhotoUpdateInputSchema,
  PhotoUpdateResponseSchema,
  UploadUrlInputSchema,
  UploadUrlResponseSchema,
} from "../../../shared/schemas/photo";
import type { AppContext } from "../../context";
import { SNIFF_BYTES, sniffImage } from "../../lib/image-sniff";
import { signedInUser } from "../../plugins/auth";
import { HttpError } from "../../plugins/errors";
import { INCOMING_KEY_PATTERN, MAX_PHOTO_BYTES, PUBLISHED_KEY_PATTERN } from "../../storage/object-storage";
import {
  keyFromObjectPath,
  keyFromUrl,
  newUploadKey,
  OBJECTS_PREFIX,
  ownerTag,
  publishedKey,
} from "../../storage/photo-keys";
import { currentPhoto, replacePhoto } from "./queries";
import { startUploadSweeper } from "./sweeper";

/**
 * The photo calls (docs/product.md#photos), and the public /objects/ route that serves photos. An upload waits
 * under incoming/ (never served, swept after an hour) until it is set as the photo, which
 * moves it to uploads/.
 */
export const photoRoutes =
  ({ db, config, requireUser, storage, secret }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onClose", startUploadSweeper(storage, app.log));
    const allowedOrigins = new Set([
      new URL(config.publicUrl).origin,
      ...(config.s3 ? [new URL(config.s3.endpoint).origin] : []),
    ]);

    app.post(
      "/api/profile/photo/upload",
      {
        preHandler: requireUser,
        schema: { body: UploadUrlInputSchema.nullish(), response: { 200: UploadUrlResponseSchema } },
      },
      async (request) => {
        const size = request.body?.size;
        if (size !== undefined && size > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
        if (size === undefined && storage.sizeRequired)
          throw new HttpError(400, "size: the file's size in bytes is required.");
        const key = newUploadKey(secret, signedInUser(request).id);
        return { uploadURL: await storage.createUploadUrl(key, size) };
      },
    );

    app.put(
      "/api/profile/photo",
      {
        preHandler: requireUser,
        schema: { body: PhotoUpdateInputSchema, response: { 200: PhotoUpdateResponseSchema } },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const { photoURL } = request.body;
        const key = keyFromUrl(photoURL, config.publicUrl);
        const origin = URL.canParse(photoURL, config.publicUrl)
          ? new URL(photoURL, config.publicUrl).origin
          : "";
        if (!key || !allowedOrigins.has(origin)) throw new HttpError(400, "photoURL: not a photo upload.");
        if (key.split("/")[1] !== ownerTag(secret, userId))
          throw new HttpError(403, "That upload belongs to someone else.");
        const published = publishedKey(key);
        const objectPath = `${OBJECTS_PREFIX}${published}`;
        const stored = INCOMING_KEY_PATTERN.test(key) ? await storage.head(key, SNIFF_BYTES) : null;
        if (!stored) {
          // The current photo set again (its upload URL or objectPath, say a retry) changes nothing.
          if ((await currentPhoto(db, userId)) === objectPath) return { objectPath };
          throw new HttpError(400, "photoURL: the upload was not found. Please upload the photo again.");
        }
        if (stored.size > MAX_PHOTO_BYTES || !sniffImage(stored.head)) {
          await storage.delete(key);
          throw new HttpError(
            400,
            `photoURL: the file is not a JPEG, PNG, GIF or WebP image of at most ${MAX_PHOTO_LABEL}.`,
          );
        }
        await storage.move(key, published).catch(async (error) => {
          // A concurrent call of the same user's already moved it.
          if (!(await storage.head(published, 1))) throw error;
        });
        let previous: string | null;
        try {
          previous = await replacePhoto(db, userId, objectPath);
        } catch (error) {
          await storage.delete(published).catch(() => {});
          throw error;
        }
        const previousKey = keyFromObjectPath(previous);
        if (previousKey && previousKey !== published) {
          await storage
            .delete(previousKey)
            .catch((error) => request.log.warn({ err: error }, "old photo not deleted"));
        }
        return { objectPath };
      },
    );

    // Photos are public by design (docs/product.md#photo: the photo is shown on payment pages).
    app.get("/objects/*", { schema: { params: z.object({ "*": z.string() }) } }, async (request, reply) => {
      const key = request.params["*"];
      const notFound = () => reply.status(404).send({ message: "Not found" });
      if (!PUBLISHED_KEY_PATTERN.test(key)) return notFound();
      const stored = await storage.head(key, SNIFF_BYTES);
      const type = stored ? sniffImage(stored.head) : null;
      if (!type) return notFound();
      const object = await storage.read(key);
      if (!object) return notFound();
      return reply
        .header("content-type", type)
        .header("content-length", object.size)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cross-origin-resource-policy", "cross-origin")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(object.body);
    });
  };
