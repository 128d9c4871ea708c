import { randomBytes } from "node:crypto";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { publishedKey } from "../../storage/photo-keys";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
  type TestUser,
} from "../../test/harness";
import { startS3 } from "./s3rver";

const s3server = await startS3();
const s3 = s3server.config;
const BUCKET = s3.bucket;
/** Our own view of the bucket, to see what the server left there. */
const client = s3server.client;
afterAll(() => s3server.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
/** A real 1x1 GIF89a. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const HTML = Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>");
const PNG_ON_GARBAGE = Buffer.concat([
  PNG_SIGNATURE,
  randomBytes(256),
  Buffer.from("<script>alert(1)</script>"),
]);

/** The object key at the end of a presigned (path-style) upload URL. */
const keyOf = (uploadURL: string) => {
  const prefix = `/${BUCKET}/`;
  const { pathname } = new URL(uploadURL);
  if (!pathname.startsWith(prefix)) throw new Error(`not an upload URL of our bucket: ${uploadURL}`);
  return pathname.slice(prefix.length);
};

async function stored(key: string): Promise<Buffer | null> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

/** An upload URL for a file of `file`'s size. */
async function newUploadUrl(app: FastifyInstance, user: TestUser, file: Buffer = PNG): Promise<string> {
  const response = await as(app, user)("POST", "/api/profile/photo/upload", { size: file.length });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uploadURL;
}

/** What the browser does: PUT the raw file straight to the presigned URL. */
async function upload(uploadURL: string, body: Buffer, type = "image/png") {
  const response = await fetch(uploadURL, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "content-type": type },
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
}

const getObject = (app: FastifyInstance, objectPath: string) =>
  app.inject({ method: "GET", url: objectPath, remoteAddress: nextIp() });

/** Uploads and sets the photo; `key` is where it is served from. */
async function setPhoto(app: FastifyInstance, user: TestUser, file: Buffer = PNG) {
  const uploadURL = await newUploadUrl(app, user, file);
  await upload(uploadURL, file);
  const set = await as(app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
  expect(set.statusCode, set.body).toBe(200);
  return { uploadURL, key: publishedKey(keyOf(uploadURL)), objectPath: set.json().objectPath as string };
}

describeEachDatabase(
  "profile photo, S3 store",
  (ctx) => {
    it("signs no upload URL without the file's size: S3 checks only a signed length", async () => {
      const response = await as(ctx.app, await createReadyUser(ctx.app))("POST", "/api/profile/photo/upload");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("size: the file's size in bytes is required.");
    });

    it("hands out a presigned PUT that S3 accepts, then serves the photo from S3 through /objects/", async () => {
      const user = await createReadyUser(ctx.app);
      const call = as(ctx.app, user);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect(uploadURL.startsWith(`${s3.endpoint}/${BUCKET}/incoming/`)).toBe(true);
      const url = new URL(uploadURL);
      expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
      expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
      // No checksum of an empty body signed in: the browser's real body must be accepted.
      expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
      const key = keyOf(uploadURL);
      expect(key).toMatch(/^incoming\/[\w-]+\/[0-9a-f-]{36}$/);
      // The size is signed: S3 itself refuses a body of any other length.
      expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");

      await upload(uploadURL, PNG);
      expect((await stored(key))?.equals(PNG)).toBe(true);

      const set = await call("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ objectPath: `/objects/${publishedKey(key)}` });
      // Moved: nothing left waiting under incoming/.
      expect(await exists(key)).toBe(false);
      expect((await stored(publishedKey(key)))?.equals(PNG)).toBe(true);
      const { objectPath } = set.json();
      expect((await call("GET", "/api/auth/user")).json()).toMatchObject({ photo: objectPath });

      const served = await getObject(ctx.app, objectPath);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["content-length"]).toBe(String(PNG.length));
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const created = await call("POST", "/api/payment-requests", {
        recipientName: "Alex",
        recipientPhone: "2125550101",
        amount: "5.00",
      });
      expect(created.statusCode, created.body).toBe(201);
      const code = (created.json().request.shortUrl as string).split("/").pop();
      const screen = await ctx.app.inject({
        method: "GET",
        url: `/api/payment-screen/${code}`,
        remoteAddress: nextIp(),
      });
      expect(screen.json().requester.photo).toBe(objectPath);
    });

    it("serves a PNG signature on garbage, declared as HTML to S3, as image/png with nosniff and sandbox", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user, PNG_ON_GARBAGE);
      await upload(uploadURL, PNG_ON_GARBAGE, "text/html");
      const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode, set.body).toBe(200);
      const served = await getObject(ctx.app, set.json().objectPath);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(served.rawPayload.equals(PNG_ON_GARBAGE)).toBe(true);
    });

    it("re-checks what arrived in S3: HTML is refused with 400 and deleted from the bucket", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user, HTML);
      await upload(uploadURL, HTML, "text/html");
      const key = keyOf(uploadURL);
      expect(await exists(key)).toBe(true);
      const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode, set.body).toBe(400);
      expect(set.json().message).toMatch(/^photoURL: /);
      expect(await exists(key)).toBe(false);
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
      expect(await exists(key)).toBe(false);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
    });

    // (An empty object is not tried here: s3rver never answers a ranged GET of a zero-byte object,
    // where S3 answers 416; storage/s3-storage.test.ts covers that answer.)
    it("refuses one of the user's own keys that was never uploaded with 400", async () => {
      const user = await createReadyUser(ctx.app);
      const never = await newUploadUrl(ctx.app, user);
      const missing = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: never });
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json().message).toMatch(/not found/);
      expect((await getObject(ctx.app, `/objects/${keyOf(never)}`)).statusCode).toBe(404);
    });

    it("refuses another user's upload with 403 and leaves it in place", async () => {
      const alice = await createReadyUser(ctx.app);
      const bob = await createReadyUser(ctx.app);
      const { uploadURL, key, objectPath } = await setPhoto(ctx.app, alice);
      for (const photoURL of [uploadURL, objectPath]) {
        const response = await as(ctx.app, bob)("PUT", "/api/profile/photo", { photoURL });
        expect(response.statusCode, photoURL).toBe(403);
      }
      expect(await exists(key)).toBe(true);
      expect((await as(ctx.app, bob)("GET", "/api/auth/user")).json().photo).toBeNull();
      expect((await as(ctx.app, alice)("GET", "/api/auth/user")).json().photo).toBe(objectPath);
    });

    it("refuses URLs of other hosts, even for the user's own key", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      await upload(uploadURL, PNG);
      const { pathname, search, port } = new URL(uploadURL);
      for (const photoURL of [
        `https://evil.example${pathname}${search}`,
        `http://127.0.0.1:${Number(port) + 1}${pathname}`,
        "/etc/passwd",
        "not a url",
      ]) {
        const response = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL });
        expect(response.statusCode, photoURL).toBe(400);
      }
      // Our own origin with the key (the objectPath form) is fine.
      const own = await as(ctx.app, user)("PUT", "/api/profile/photo", {
        photoURL: `${TEST_ORIGIN}/objects/${keyOf(uploadURL)}`,
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    it("deletes the previous photo from S3 when a new one is set", async () => {
      const user = await createReadyUser(ctx.app);
      const first = await setPhoto(ctx.app, user, PNG);
      expect(await exists(first.key)).toBe(true);
      const second = await setPhoto(ctx.app, user, GIF);
      expect(await exists(first.key)).toBe(false);
      expect((await getObject(ctx.app, first.objectPath)).statusCode).toBe(404);
      expect(await exists(second.key)).toBe(true);
      const served = await getObject(ctx.app, second.objectPath);
      expect(served.headers["content-type"]).toBe("image/gif");
      expect(served.rawPayload.equals(GIF)).toBe(true);
    });

    it("removes every upload of a deleted account from S3, and no one else's", async () => {
      const user = await createReadyUser(ctx.app);
      const other = await createReadyUser(ctx.app);
      const current = await setPhoto(ctx.app, user);
      // An upload never set as the photo: only the owner tag in its key ties it to the user.
      const spareUrl = await newUploadUrl(ctx.app, user);
      await upload(spareUrl, PNG);
      const spare = keyOf(spareUrl);
      const kept = await setPhoto(ctx.app, other);
      expect(await exists(spare)).toBe(true);
      const gone = await as(ctx.app, user)("DELETE", "/api/account", { password: user.password });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await exists(current.key)).toBe(false);
      expect(await exists(spare)).toBe(false);
      expect(await exists(kept.key)).toBe(true);
    });

    it("serves 404 for anything in the bucket that is not one of our image keys", async () => {
      const user = await createReadyUser(ctx.app);
      const { key } = await setPhoto(ctx.app, user);
      // A non-image written straight into the bucket under a well-formed key.
      const planted = `${key.split("/").slice(0, 2).join("/")}/11111111-2222-4333-8444-555555555555`;
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: planted, Body: HTML }));
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "notes.txt", Body: "hello" }));
      for (const url of [
        `/objects/${planted}`,
        "/objects/notes.txt",
        "/objects/uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-000000000000",
        "/objects/uploads/../../etc/passwd",
      ]) {
        expect((await getObject(ctx.app, url)).statusCode, url).toBe(404);
      }
    });
  },
  { s3 },
);
