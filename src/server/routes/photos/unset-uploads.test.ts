import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "#server/storage/object-storage.ts";
import { publishedKey } from "#server/storage/photo-keys.ts";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import {
  getObject,
  localStore,
  newUploadUrl,
  type PhotoStore,
  PNG,
  s3Store,
} from "#server/test/test-stores.ts";
import { sweepUnsetUploads, UNSET_UPLOAD_MAX_AGE_MS } from "./sweeper";

/** The same tests on local disk and on S3 (s3rver behind a proxy that checks signatures as S3 does). */
const stores: PhotoStore[] = [localStore(), await s3Store()];
afterAll(() => Promise.all(stores.map((store) => store.close())));

const SIX_MB = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
const served = async (app: FastifyInstance, key: string) =>
  (await getObject(app, `/objects/${key}`)).statusCode;

for (const store of stores) {
  const { storage, keyOf } = store;
  const put = (app: FastifyInstance, uploadURL: string, body: Buffer) => store.put(app, uploadURL, body);

  describeEachDatabase(
    `photo uploads under control, ${store.name === "s3" ? "S3" : "local disk"}`,
    (ctx) => {
      it("serves an upload only once it is set as the photo", async () => {
        const user = await createReadyUser(ctx.app);
        const uploadURL = await newUploadUrl(ctx.app, user);
        expect(await put(ctx.app, uploadURL, PNG)).toBe(200);
        const key = keyOf(uploadURL);
        expect(await storage.head(key, 8)).not.toBeNull();
        // Neither under its upload key nor under the key it will have as a photo.
        expect(await served(ctx.app, key)).toBe(404);
        expect(await served(ctx.app, publishedKey(key))).toBe(404);

        const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json().objectPath).toBe(`/objects/${publishedKey(key)}`);
        expect(await served(ctx.app, publishedKey(key))).toBe(200);
        expect(await served(ctx.app, key)).toBe(404);
        // A retry of the same call keeps the photo.
        const again = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(again.json()).toEqual(set.json());
      });

      it("deletes uploads left unset for an hour, and nothing else", async () => {
        const user = await createReadyUser(ctx.app);
        const unset = await newUploadUrl(ctx.app, user);
        expect(await put(ctx.app, unset, PNG)).toBe(200);
        const photo = await newUploadUrl(ctx.app, user);
        expect(await put(ctx.app, photo, PNG)).toBe(200);
        const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: photo });
        expect(set.statusCode).toBe(200);

        // Within the hour nothing goes.
        await sweepUnsetUploads(storage, Date.now() + UNSET_UPLOAD_MAX_AGE_MS - 60_000);
        expect(await storage.head(keyOf(unset), 8)).not.toBeNull();

        expect(
          await sweepUnsetUploads(storage, Date.now() + UNSET_UPLOAD_MAX_AGE_MS + 60_000),
        ).toBeGreaterThan(0);
        expect(await storage.head(keyOf(unset), 8)).toBeNull();
        const late = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: unset });
        expect(late.statusCode).toBe(400);
        // The photo stays, and is still served.
        expect(await served(ctx.app, publishedKey(keyOf(photo)))).toBe(200);
        expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBe(set.json().objectPath);
      });

      it("never stores a body over 5 MB, nor one of another size than asked for", async () => {
        const user = await createReadyUser(ctx.app);
        const tooBig = await as(ctx.app, user)("POST", "/api/profile/photo/upload", {
          size: MAX_PHOTO_BYTES + 1,
        });
        expect(tooBig.statusCode).toBe(413);
        expect(tooBig.json()).toEqual({ message: "The photo is larger than 5 MB.", code: "too_large" });

        const uploadURL = await newUploadUrl(ctx.app, user);
        // Local disk refuses past 5 MB (413); S3 refuses any length but the signed one (403).
        expect([403, 413]).toContain(await put(ctx.app, uploadURL, SIX_MB));
        expect(await storage.head(keyOf(uploadURL), 8)).toBeNull();
        if (store.name === "s3") {
          expect(await put(ctx.app, uploadURL, Buffer.concat([PNG, Buffer.alloc(1)]))).toBe(403);
          expect(await storage.head(keyOf(uploadURL), 8)).toBeNull();
          // S3 needs the size to enforce it.
          const unsized = await as(ctx.app, user)("POST", "/api/profile/photo/upload");
          expect(unsized.statusCode).toBe(400);
          expect(unsized.json().message).toMatch(/^size: /);
        }
        expect(await put(ctx.app, uploadURL, PNG)).toBe(200);
      });
    },
    store.config,
  );
}
