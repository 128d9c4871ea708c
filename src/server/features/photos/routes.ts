import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PhotoUpdateInputSchema,
  PhotoUpdateResponseSchema,
  UploadUrlResponseSchema,
} from "../../../shared/schemas/photo";
import type { AppContext } from "../../app";
import { SNIFF_BYTES, sniffImage } from "../../lib/image-sniff";
import { signedInUser } from "../../plugins/auth";
import { HttpError } from "../../plugins/errors";
import { KEY_PATTERN, MAX_PHOTO_BYTES } from "../../storage/object-storage";
import { keyFromObjectPath, keyFromUrl, newUploadKey, OBJECTS_PREFIX, ownerTag } from "./keys";
import { replacePhoto } from "./queries";

/** Spec §7 photo calls, and the public /objects/ route that serves photos. */
export const photoRoutes =
  ({ db, config, requireUser, storage, secret }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const allowedOrigins = new Set([
      new URL(config.publicUrl).origin,
      ...(config.s3 ? [new URL(config.s3.endpoint).origin] : []),
    ]);

    app.post(
      "/api/profile/photo/upload",
      { preHandler: requireUser, schema: { response: { 200: UploadUrlResponseSchema } } },
      async (request) => ({
        uploadURL: await storage.createUploadUrl(newUploadKey(secret, signedInUser(request).id)),
      }),
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
        const stored = await storage.head(key, SNIFF_BYTES);
        if (!stored)
          throw new HttpError(400, "photoURL: the upload was not found. Please upload the photo again.");
        if (stored.size > MAX_PHOTO_BYTES || !sniffImage(stored.head)) {
          await storage.delete(key);
          throw new HttpError(
            400,
            "photoURL: the file is not a JPEG, PNG, GIF or WebP image of at most 5 MB.",
          );
        }
        const objectPath = `${OBJECTS_PREFIX}${key}`;
        const previousKey = keyFromObjectPath(await replacePhoto(db, userId, objectPath));
        if (previousKey && previousKey !== key) {
          await storage
            .delete(previousKey)
            .catch((error) => request.log.warn({ err: error }, "old photo not deleted"));
        }
        return { objectPath };
      },
    );

    // Photos are public by design (spec §2 Photo: "photo visible on payment requests").
    app.get("/objects/*", { schema: { params: z.object({ "*": z.string() }) } }, async (request, reply) => {
      const key = request.params["*"];
      const notFound = () => reply.status(404).send({ message: "Not found" });
      if (!KEY_PATTERN.test(key)) return notFound();
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
