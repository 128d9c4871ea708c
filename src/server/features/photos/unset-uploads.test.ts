import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import type { Config } from "../../env";
import { createLocalStorage } from "../../storage/local-storage";
import { MAX_PHOTO_BYTES } from "../../storage/object-storage";
import { keyFromUrl, publishedKey } from "../../storage/photo-keys";
import { createS3Storage } from "../../storage/s3-storage";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
  type TestUser,
} from "../../test/harness";
import { startS3 } from "./s3rver";
import { sweepUnsetUploads, UNSET_UPLOAD_MAX_AGE_MS } from "./sweeper";

/** The same tests on local disk and on S3 (s3rver behind a proxy that checks signatures as S3 does). */
const SECRET = "test-secret-test-secret-test-secret-0123";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-unset-"));
const s3server = await startS3();
afterAll(async () => {
  await s3server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const SIX_MB = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);

const stores: { name: string; overrides: Partial<Config> }[] = [
  { name: "local disk", overrides: { dataDir } },
  { name: "S3", overrides: { s3: s3server.config } },
];

for (const { name, overrides } of stores) {
  // Our own handle on the app's store, to sweep it with a clock of our choosing.
  const storage = overrides.s3
    ? createS3Storage(overrides.s3)
    : createLocalStorage({ root: path.join(dataDir, "objects"), publicUrl: TEST_ORIGIN, secret: SECRET });

  const newUploadUrl = async (app: FastifyInstance, user: TestUser, size: number) => {
    const response = await as(app, user)("POST", "/api/profile/photo/upload", { size });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().uploadURL as string;
  };
  /** The browser's PUT of the raw file: to our own origin (local) or straight to S3. */
  const put = async (app: FastifyInstance, uploadURL: string, body: Buffer) => {
    const url = new URL(uploadURL);
    if (url.origin !== TEST_ORIGIN) {
      const response = await fetch(url, { method: "PUT", body: new Uint8Array(body) });
      await response.arrayBuffer();
      return response.status;
    }
    const injected = await app.inject({ method: "PUT", url: url.pathname + url.search, payload: body });
    return injected.statusCode;
  };
  const keyOf = (uploadURL: string) => keyFromUrl(uploadURL, TEST_ORIGIN) as string;
  const served = async (app: FastifyInstance, key: string) =>
    (await app.inject({ method: "GET", url: `/objects/${key}`, remoteAddress: nextIp() })).statusCode;

  describeEachDatabase(
    `photo uploads under control, ${name}`,
    (ctx) => {
      it("serves an upload only once it is set as the photo", async () => {
        const user = await createReadyUser(ctx.app);
        const uploadURL = await newUploadUrl(ctx.app, user, PNG.length);
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
        const unset = await newUploadUrl(ctx.app, user, PNG.length);
        expect(await put(ctx.app, unset, PNG)).toBe(200);
        const photo = await newUploadUrl(ctx.app, user, PNG.length);
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
        expect(tooBig.json()).toEqual({ message: "The photo is larger than 5 MB." });

        const uploadURL = await newUploadUrl(ctx.app, user, PNG.length);
        // Local disk refuses past 5 MB (413); S3 refuses any length but the signed one (403).
        expect([403, 413]).toContain(await put(ctx.app, uploadURL, SIX_MB));
        expect(await storage.head(keyOf(uploadURL), 8)).toBeNull();
        if (overrides.s3) {
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
    overrides,
  );
}
