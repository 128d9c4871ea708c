import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { MAX_PHOTO_BYTES } from "#server/storage/object-storage.ts";
import { publishedKey } from "#server/storage/photo-keys.ts";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  TEST_ORIGIN,
  TEST_SECRET,
  until,
} from "#server/test/harness.ts";
import {
  expectServedSafely,
  GIF,
  getObject,
  HTML,
  localStore,
  newUploadUrl,
  PNG,
  PNG_SIGNATURE,
} from "#server/test/test-stores.ts";

/**
 * What only the local store does: its own signed upload route, streamed to disk with the size
 * and type checked on the way in. The flow both stores share is in photo-flow.test.ts.
 * Both database kinds share one data folder (keys never collide), so tests can look at the files.
 */
const store = localStore();
const { fileOf, keyOf } = store;
afterAll(() => store.close());

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const SIX_MB = 6 * 1024 * 1024;

/** The browser's PUT of the raw file to the upload URL (same origin, so it is injected). */
function putFile(
  app: FastifyInstance,
  uploadURL: string,
  payload: Buffer | Readable,
  headers: Record<string, string> = {},
) {
  const url = new URL(uploadURL);
  return app.inject({
    method: "PUT",
    url: url.pathname + url.search,
    headers: { "content-type": "image/png", origin: TEST_ORIGIN, ...headers },
    payload,
  });
}

/** The upload URL's path and query on the app's real listening socket (opened on first use). */
async function listeningUrl(app: FastifyInstance, uploadURL: string): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const url = new URL(uploadURL);
  return `http://127.0.0.1:${port}${url.pathname}${url.search}`;
}

/** Chunks of a body that starts like a PNG and goes on with zeros, up to `total` bytes. */
async function* pngHeadedChunks(total: number, chunkSize = 64 * 1024): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += chunkSize) {
    const chunk = Buffer.alloc(Math.min(chunkSize, total - sent));
    if (sent === 0) PNG_SIGNATURE.copy(chunk);
    yield chunk;
  }
}

type StreamedAnswer = { status: number; body: string; sent: number };

/**
 * A PUT over a real socket with a chunked body (no content-length), written chunk by chunk.
 * Writing stops once the server has answered; with `end: false` the body is never finished,
 * so only a server that refuses while streaming answers at all.
 */
function streamPut(
  url: string,
  chunks: AsyncIterable<Buffer>,
  options: { end: boolean; headers?: Record<string, string> },
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method: "PUT",
      headers: { "content-type": "image/png", ...options.headers },
    });
    request.on("response", (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sent: sentWhenAnswered });
      });
    });
    // Once answered, the server may hang up while we are still writing: that is expected.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    (async () => {
      for await (const chunk of chunks) {
        if (answered || request.destroyed) return;
        sent += chunk.length;
        if (!request.write(chunk)) {
          await new Promise<void>((drained) => {
            const done = () => {
              request.off("drain", done).off("close", done);
              drained();
            };
            request.on("drain", done).on("close", done);
          });
        }
      }
      if (options.end) request.end();
    })().catch(reject);
  });
}

const sizeOnDisk = (key: string) => (existsSync(fileOf(key)) ? statSync(fileOf(key)).size : 0);

describeEachDatabase(
  "profile photo, local store",
  (ctx) => {
    it("hands out an upload URL of our own, signed and expiring; the file lands on disk as sent", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect(uploadURL.startsWith(`${TEST_ORIGIN}/api/uploads/incoming/`)).toBe(true);
      const url = new URL(uploadURL);
      expect(url.searchParams.get("expires")).toMatch(/^\d+$/);
      expect(url.searchParams.get("sig")).toMatch(/^[\w-]{20,}$/);
      const put = await putFile(ctx.app, uploadURL, PNG);
      expect(put.statusCode, put.body).toBe(200);
      expect(readFileSync(fileOf(keyOf(uploadURL))).equals(PNG)).toBe(true);
    });

    it("accepts JPEG, PNG, GIF and WebP whatever was declared, and serves each re-encoded as WebP", async () => {
      const user = await createReadyUser(ctx.app);
      const picture = (format: "jpeg" | "png" | "gif" | "webp") =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
          .toFormat(format)
          .toBuffer();
      for (const type of ["jpeg", "png", "gif", "webp"] as const) {
        const file = await picture(type);
        const uploadURL = await newUploadUrl(ctx.app, user);
        // The declared type is ignored: the bytes decide.
        const put = await putFile(ctx.app, uploadURL, file, { "content-type": "application/octet-stream" });
        expect(put.statusCode, `${type}: ${put.body}`).toBe(200);
        const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(set.statusCode, set.body).toBe(200);
        const served = await getObject(ctx.app, set.json().objectPath);
        expectServedSafely(served, "image/webp");
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
      }
    });

    it("refuses a body over 5 MB while streaming it (chunked, no content-length): 413, partial file removed", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      const key = keyOf(uploadURL);
      let onDiskMidway = 0;
      async function* body() {
        for await (const chunk of pngHeadedChunks(SIX_MB)) {
          yield chunk;
          // Part way through, the earlier chunks are already on disk: the body is streamed, not buffered.
          if (onDiskMidway === 0 && sizeOnDisk(key) > 0) {
            await until(() => sizeOnDisk(key) > 2 * 1024 * 1024);
            onDiskMidway = sizeOnDisk(key);
          }
        }
      }
      // The body is never finished: only a server that counts while streaming can answer.
      const answer = await streamPut(await listeningUrl(ctx.app, uploadURL), body(), { end: false });
      expect(answer.status, answer.body).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: "The photo is larger than 5 MB.",
        code: "too_large",
      });
      expect(onDiskMidway).toBeGreaterThan(2 * 1024 * 1024);
      expect(answer.sent).toBeGreaterThan(MAX_PHOTO_BYTES);

      expect(existsSync(fileOf(key))).toBe(false);
      expect((await getObject(ctx.app, `/objects/${key}`)).statusCode).toBe(404);
      const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode).toBe(400);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
    });

    it("over a real socket: a finished 6 MB chunked body is 413, HTML is 415 on its first bytes, a PNG is 200", async () => {
      const user = await createReadyUser(ctx.app);
      const big = await newUploadUrl(ctx.app, user);
      const whole = await streamPut(await listeningUrl(ctx.app, big), pngHeadedChunks(SIX_MB), { end: true });
      expect(whole.status, whole.body).toBe(413);
      expect(existsSync(fileOf(keyOf(big)))).toBe(false);

      const html = await newUploadUrl(ctx.app, user);
      async function* htmlThenMore() {
        yield Buffer.concat([HTML, Buffer.alloc(64 * 1024, " ")]);
        for (;;) yield Buffer.alloc(64 * 1024, " ");
      }
      const refused = await streamPut(await listeningUrl(ctx.app, html), htmlThenMore(), { end: false });
      expect(refused.status, refused.body).toBe(415);
      expect(existsSync(fileOf(keyOf(html)))).toBe(false);

      const png = await newUploadUrl(ctx.app, user);
      async function* once() {
        yield PNG;
      }
      const ok = await streamPut(await listeningUrl(ctx.app, png), once(), { end: true });
      expect(ok.status, ok.body).toBe(200);
      expect(readFileSync(fileOf(keyOf(png))).equals(PNG)).toBe(true);
    });

    it("refuses a declared content-length over 5 MB before writing anything, and a lying one while streaming", async () => {
      const user = await createReadyUser(ctx.app);
      const big = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(SIX_MB - PNG_SIGNATURE.length)]);

      const declared = await newUploadUrl(ctx.app, user);
      const response = await putFile(ctx.app, declared, big);
      expect(response.statusCode, response.body).toBe(413);
      expect(existsSync(fileOf(keyOf(declared)))).toBe(false);
      expect((await getObject(ctx.app, `/objects/${keyOf(declared)}`)).statusCode).toBe(404);
      expect((await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: declared })).statusCode).toBe(
        400,
      );

      const lying = await newUploadUrl(ctx.app, user);
      const lied = await putFile(ctx.app, lying, big, { "content-length": "1000" });
      expect(lied.statusCode, lied.body).toBe(413);
      expect(existsSync(fileOf(keyOf(lying)))).toBe(false);

      // Exactly 5 MB is allowed.
      const limit = await newUploadUrl(ctx.app, user);
      const exact = await putFile(ctx.app, limit, big.subarray(0, MAX_PHOTO_BYTES));
      expect(exact.statusCode, exact.body).toBe(200);
      expect(statSync(fileOf(keyOf(limit))).size).toBe(MAX_PHOTO_BYTES);
    });

    it("refuses HTML, SVG, text and empty bodies with 415 and leaves no file", async () => {
      const user = await createReadyUser(ctx.app);
      for (const [name, file, type] of [
        ["html", HTML, "text/html"],
        ["svg", SVG, "image/svg+xml"],
        ["svg declared as png", SVG, "image/png"],
        ["short text", Buffer.from("hi"), "image/png"],
        ["empty", Buffer.alloc(0), "image/png"],
      ] as const) {
        const uploadURL = await newUploadUrl(ctx.app, user);
        const response = await putFile(ctx.app, uploadURL, file, { "content-type": type });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(415);
        expect(response.json()).toEqual({
          message: "Only JPEG, PNG, GIF or WebP images can be uploaded.",
          code: "unsupported_media_type",
        });
        expect(existsSync(fileOf(keyOf(uploadURL))), name).toBe(false);
        expect(
          (await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL })).statusCode,
          name,
        ).toBe(400);
      }
    });

    it("refuses a bad or tampered signature with 403 and writes nothing", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      const other = new URL(await newUploadUrl(ctx.app, user));
      const url = new URL(uploadURL);
      const sig = url.searchParams.get("sig") as string;
      const expires = url.searchParams.get("expires") as string;
      const variant = (change: (u: URL) => void) => {
        const copy = new URL(uploadURL);
        change(copy);
        return copy.toString();
      };
      const bad = [
        variant((u) => u.searchParams.set("sig", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`)),
        variant((u) => u.searchParams.set("sig", `${sig}x`)),
        variant((u) => u.searchParams.set("sig", "")),
        variant((u) => u.searchParams.delete("sig")),
        variant((u) => u.searchParams.delete("expires")),
        variant((u) => u.searchParams.set("expires", String(Number(expires) + 3600))),
        variant((u) => u.searchParams.set("expires", `${expires}.0`)),
        // Another upload's valid signature does not fit this key.
        variant((u) => u.searchParams.set("sig", other.searchParams.get("sig") as string)),
        variant((u) => {
          u.search = "";
        }),
      ];
      for (const target of bad) {
        const response = await putFile(ctx.app, target, PNG);
        expect(response.statusCode, target).toBe(403);
        expect(response.json()).toEqual({ message: "Invalid upload signature.", code: "forbidden" });
      }
      expect(existsSync(fileOf(keyOf(uploadURL)))).toBe(false);
      // Keys that are not ours never reach the disk.
      for (const target of [
        `/api/uploads/../../etc/passwd?expires=${expires}&sig=${sig}`,
        `/api/uploads/uploads%2F..%2F..%2Fx?expires=${expires}&sig=${sig}`,
        `/api/uploads/whatever?expires=${expires}&sig=${sig}`,
      ]) {
        const response = await ctx.app.inject({
          method: "PUT",
          url: target,
          headers: { "content-type": "image/png" },
          payload: PNG,
        });
        expect([403, 404], target).toContain(response.statusCode);
      }
      // The untouched URL still works.
      expect((await putFile(ctx.app, uploadURL, PNG)).statusCode).toBe(200);
    });

    it("refuses an expired upload URL with 403", async () => {
      const user = await createReadyUser(ctx.app);
      const key = keyOf(await newUploadUrl(ctx.app, user));
      const anHourAgo = createLocalStorage({
        root: fileOf(""),
        publicUrl: TEST_ORIGIN,
        secret: TEST_SECRET,
        now: () => Date.now() - 3600_000,
      });
      const expired = await anHourAgo.createUploadUrl(key);
      const response = await putFile(ctx.app, expired, PNG);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        message: "This upload link has expired. Please try again.",
        code: "forbidden",
      });
      expect(existsSync(fileOf(key))).toBe(false);

      // The same signing with the current clock is accepted: only the expiry differed.
      expect((await putFile(ctx.app, await store.storage.createUploadUrl(key), PNG)).statusCode).toBe(200);
    });

    it("never overwrites: a second PUT to the same URL is 409 and keeps the first file", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect((await putFile(ctx.app, uploadURL, PNG)).statusCode).toBe(200);
      const second = await putFile(ctx.app, uploadURL, GIF);
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toEqual({ message: "This upload link was already used.", code: "conflict" });
      expect(readFileSync(fileOf(keyOf(uploadURL))).equals(PNG)).toBe(true);
      // Not even once the photo is set.
      await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect((await putFile(ctx.app, uploadURL, HTML)).statusCode).toBe(409);
      const served = await getObject(ctx.app, `/objects/${publishedKey(keyOf(uploadURL))}`);
      // The PNG, re-encoded.
      expectServedSafely(served, "image/webp");
    });

    it("answers 401 to signed-out photo calls", async () => {
      const anonymous = as(ctx.app, null);
      const upload = await anonymous("POST", "/api/profile/photo/upload");
      expect(upload.statusCode).toBe(401);
      expect(upload.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
      const set = await anonymous("PUT", "/api/profile/photo", {
        photoURL: `${TEST_ORIGIN}/api/uploads/uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-000000000000`,
      });
      expect(set.statusCode).toBe(401);
    });
  },
  store.config,
);
