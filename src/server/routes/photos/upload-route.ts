import type { FastifyInstance } from "fastify";
import { HttpError } from "#server/lib/http-error.ts";
import { SNIFF_BYTES, sniffImage } from "#server/lib/image-sniff.ts";
import { LOCAL_UPLOAD_PREFIX, type LocalStorage } from "#server/storage/local-storage.ts";
import { MAX_PHOTO_BYTES } from "#server/storage/object-storage.ts";
import { publishedKey } from "#server/storage/photo-keys.ts";
import { PHOTO_MESSAGES } from "#shared/messages.ts";

/**
 * The local store's upload endpoint: PUT of the raw file (no multipart) to a signed URL.
 * The body is streamed to disk, refused past 5 MB (413) or when its first bytes are not a
 * JPEG, PNG, GIF or WebP image (415); a refused or failed upload leaves no file behind.
 */
export async function registerLocalUploadRoute(app: FastifyInstance, storage: LocalStorage): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams it.
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    scope.put<{ Params: { "*": string }; Querystring: { expires?: string; sig?: string } }>(
      `${LOCAL_UPLOAD_PREFIX}*`,
      async (request, reply) => {
        const key = request.params["*"];
        const verdict = storage.verifyUpload(key, request.query.expires, request.query.sig);
        if (verdict === "expired")
          throw new HttpError(403, "This upload link has expired. Please try again.");
        if (verdict !== "ok") throw new HttpError(403, "Invalid upload signature.");
        if (Number(request.headers["content-length"] ?? 0) > MAX_PHOTO_BYTES) {
          reply.header("connection", "close");
          throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
        }

        // Already set as a photo (and so moved away): the link stays used.
        if (await storage.head(publishedKey(key), 1))
          throw new HttpError(409, "This upload link was already used.");
        let target: Awaited<ReturnType<LocalStorage["openForWrite"]>>;
        try {
          target = await storage.openForWrite(key);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "EEXIST")
            throw new HttpError(409, "This upload link was already used.");
          throw error;
        }

        let size = 0;
        let head = Buffer.alloc(0);
        try {
          for await (const chunk of request.raw as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
            if (head.length < SNIFF_BYTES) {
              head = Buffer.concat([head, chunk]);
              if (head.length >= SNIFF_BYTES && !sniffImage(head)) {
                throw new HttpError(415, "Only JPEG, PNG, GIF or WebP images can be uploaded.");
              }
            }
            await target.handle.write(chunk);
          }
          if (!sniffImage(head))
            throw new HttpError(415, "Only JPEG, PNG, GIF or WebP images can be uploaded.");
          await target.handle.close();
        } catch (error) {
          await target.handle.close().catch(() => {});
          await storage.delete(key);
          reply.header("connection", "close");
          throw error;
        }
        return reply.status(200).send({ key });
      },
    );
  });
}
