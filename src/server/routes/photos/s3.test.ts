import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase, TEST_ORIGIN } from "#server/test/harness.ts";
import { getObject, HTML, newUploadUrl, PNG, PNG_SIGNATURE, s3Store } from "#server/test/test-stores.ts";

/**
 * What only S3 does: presigned uploads straight to the bucket, so what arrived is checked again
 * when it is set. The flow both stores share is in photo-flow.test.ts.
 */
const store = await s3Store();
const { s3, client, keyOf } = store;
const BUCKET = s3.bucket;
afterAll(() => store.close());

async function stored(key: string): Promise<Buffer | null> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

describeEachDatabase(
  "profile photo, S3 store",
  (ctx) => {
    it("signs no upload URL without the file's size: S3 checks only a signed length", async () => {
      const response = await as(ctx.app, await createReadyUser(ctx.app))("POST", "/api/profile/photo/upload");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("size: the file's size in bytes is required.");
    });

    it("hands out a presigned PUT with the size signed in, which S3 accepts as sent", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect(uploadURL.startsWith(`${s3.endpoint}/${BUCKET}/incoming/`)).toBe(true);
      const url = new URL(uploadURL);
      expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
      expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
      // No checksum of an empty body signed in: the browser's real body must be accepted.
      expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
      // The size is signed: S3 itself refuses a body of any other length.
      expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
      expect(await store.put(ctx.app, uploadURL, Buffer.concat([PNG, Buffer.from([0])]))).toBe(403);
      expect(await store.put(ctx.app, uploadURL, PNG)).toBe(200);
      expect((await stored(keyOf(uploadURL)))?.equals(PNG)).toBe(true);
    });

    it("re-checks what arrived in S3: HTML is refused with 400 and deleted from the bucket", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user, HTML);
      expect(await store.put(ctx.app, uploadURL, HTML, "text/html")).toBe(200);
      const key = keyOf(uploadURL);
      expect(await store.exists(key)).toBe(true);
      const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode, set.body).toBe(400);
      expect(set.json().message).toMatch(/^photoURL: /);
      expect(await store.exists(key)).toBe(false);
      expect((await getObject(ctx.app, `/objects/${key}`)).statusCode).toBe(404);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
    });

    it("re-checks the size: 6 MB that got into the bucket anyway is refused with 400 and deleted", async () => {
      const user = await createReadyUser(ctx.app);
      const key = keyOf(await newUploadUrl(ctx.app, user));
      const big = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(6 * 1024 * 1024)]);
      // Written behind the signed URL's back (S3 itself would refuse it through the URL).
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: big }));
      const set = await as(ctx.app, user)("PUT", "/api/profile/photo", {
        photoURL: `${TEST_ORIGIN}/objects/${key}`,
      });
      expect(set.statusCode, set.body).toBe(400);
      expect(set.json().message).toMatch(/at most 5 MB/);
      expect(await store.exists(key)).toBe(false);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
    });
  },
  store.config,
);
