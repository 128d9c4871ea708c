import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { createLocalStorage } from "../../storage/local-storage";
import { MAX_PHOTO_BYTES } from "../../storage/object-storage";
import { publishedKey } from "../../storage/photo-keys";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  TEST_ORIGIN,
  type TestUser,
} from "../../test/harness";

const SECRET = "test-secret-test-secret-test-secret-0123";
/** Our own data folder (both database kinds share it; keys never collide), so tests can look at the files. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-photos-"));
const objectsRoot = path.join(dataDir, "objects");
const fileOf = (key: string) => path.join(objectsRoot, key);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  randomBytes(64),
  Buffer.from([0xff, 0xd9]),
]);
/** A real 1x1 GIF89a. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8L"),
  randomBytes(18),
]);
const HTML = Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
/** PNG signature then random bytes and an HTML payload: passes the sniff, must still be served inertly. */
const PNG_ON_GARBAGE = Buffer.concat([
  PNG_SIGNATURE,
  randomBytes(256),
  Buffer.from("<script>alert(1)</script>"),
]);
const SIX_MB = 6 * 1024 * 1024;

const keyOf = (uploadURL: string) => {
  const match = /^\/api\/uploads\/(incoming\/[^/]+\/[^/]+)$/.exec(new URL(uploadURL).pathname);
  if (!match?.[1]) throw new Error(`not a local upload URL: ${uploadURL}`);
  return match[1];
};

async function newUploadUrl(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await as(app, user)("POST", "/api/profile/photo/upload");
  expect(response.statusCode).toBe(200);
  return response.json().uploadURL;
}

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

const getObject = (app: FastifyInstance, objectPath: string) =>
  app.inject({ method: "GET", url: objectPath, remoteAddress: nextIp() });

/** Uploads the file and makes it the user's photo; returns the key it is served from, and objectPath. */
async function setPhoto(app: FastifyInstance, user: TestUser, file: Buffer = PNG) {
  const uploadURL = await newUploadUrl(app, user);
  const put = await putFile(app, uploadURL, file);
  expect(put.statusCode, put.body).toBe(200);
  const set = await as(app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
  expect(set.statusCode, set.body).toBe(200);
  return { uploadURL, key: publishedKey(keyOf(uploadURL)), objectPath: set.json().objectPath as string };
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

/** Polls until the check passes (or gives up after a few seconds). */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

const sizeOnDisk = (key: string) => (existsSync(fileOf(key)) ? statSync(fileOf(key)).size : 0);

function expectServedSafely(response: Awaited<ReturnType<typeof getObject>>, type: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe(type);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(response.headers["cache-control"]).toMatch(/max-age=31536000/);
  expect(response.headers["cache-control"]).toMatch(/immutable/);
}

describeEachDatabase(
  "profile photo, local store",
  (ctx) => {
    it("uploads, sets and serves a photo, shown on the user and on the public pay page", async () => {
      const user = await createReadyUser(ctx.app);
      const call = as(ctx.app, user);

      const uploadURL = await newUploadUrl(ctx.app, user);
      expect(uploadURL.startsWith(`${TEST_ORIGIN}/api/uploads/incoming/`)).toBe(true);
      const url = new URL(uploadURL);
      expect(url.searchParams.get("expires")).toMatch(/^\d+$/);
      expect(url.searchParams.get("sig")).toMatch(/^[\w-]{20,}$/);
      const key = keyOf(uploadURL);
      // The key names its owner by a tag, never by the internal user id.
      const me = (await call("GET", "/api/auth/user")).json();
      expect(uploadURL).not.toContain(me.id);

      const put = await putFile(ctx.app, uploadURL, PNG);
      expect(put.statusCode, put.body).toBe(200);
      expect(readFileSync(fileOf(key)).equals(PNG)).toBe(true);

      const set = await call("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ objectPath: `/objects/${publishedKey(key)}` });
      expect(readFileSync(fileOf(publishedKey(key))).equals(PNG)).toBe(true);
      expect(existsSync(fileOf(key))).toBe(false);
      const { objectPath } = set.json();

      expect((await call("GET", "/api/auth/user")).json()).toMatchObject({ photo: objectPath });

      const served = await getObject(ctx.app, objectPath);
      expectServedSafely(served, "image/png");
      expect(served.headers["content-length"]).toBe(String(PNG.length));
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
      expect(screen.statusCode).toBe(200);
      expect(screen.json().requester).toMatchObject({ name: "Test User", photo: objectPath });
    });

    it("accepts the objectPath itself as photoURL, and setting the same photo twice keeps it", async () => {
      const user = await createReadyUser(ctx.app);
      const { key, objectPath } = await setPhoto(ctx.app, user);
      const again = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: objectPath });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ objectPath });
      expect(existsSync(fileOf(key))).toBe(true);
      expect((await getObject(ctx.app, objectPath)).statusCode).toBe(200);
    });

    it("accepts JPEG, GIF and WebP and serves each with its sniffed type, whatever was declared", async () => {
      const user = await createReadyUser(ctx.app);
      for (const [file, type] of [
        [JPEG, "image/jpeg"],
        [GIF, "image/gif"],
        [WEBP, "image/webp"],
      ] as const) {
        const uploadURL = await newUploadUrl(ctx.app, user);
        // The declared type is ignored: the bytes decide.
        const put = await putFile(ctx.app, uploadURL, file, { "content-type": "application/octet-stream" });
        expect(put.statusCode, `${type}: ${put.body}`).toBe(200);
        const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(set.statusCode, set.body).toBe(200);
        const served = await getObject(ctx.app, set.json().objectPath);
        expectServedSafely(served, type);
        expect(served.rawPayload.equals(file)).toBe(true);
      }
    });

    it("accepts a PNG signature on garbage but serves it inertly (image/png, nosniff, sandbox)", async () => {
      const user = await createReadyUser(ctx.app);
      const { objectPath } = await setPhoto(ctx.app, user, PNG_ON_GARBAGE);
      const served = await getObject(ctx.app, objectPath);
      expectServedSafely(served, "image/png");
      expect(served.rawPayload.equals(PNG_ON_GARBAGE)).toBe(true);
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
            await eventually(() => sizeOnDisk(key) > 2 * 1024 * 1024);
            onDiskMidway = sizeOnDisk(key);
          }
        }
      }
      // The body is never finished: only a server that counts while streaming can answer.
      const answer = await streamPut(await listeningUrl(ctx.app, uploadURL), body(), { end: false });
      expect(answer.status, answer.body).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: "The photo is larger than 5 MB." });
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
        expect(response.json()).toEqual({ message: "Only JPEG, PNG, GIF or WebP images can be uploaded." });
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
        expect(response.json()).toEqual({ message: "Invalid upload signature." });
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
        root: objectsRoot,
        publicUrl: TEST_ORIGIN,
        secret: SECRET,
        now: () => Date.now() - 3600_000,
      });
      const expired = await anHourAgo.createUploadUrl(key);
      const response = await putFile(ctx.app, expired, PNG);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: "This upload link has expired. Please try again." });
      expect(existsSync(fileOf(key))).toBe(false);

      // The same signing with the current clock is accepted: only the expiry differed.
      const fresh = createLocalStorage({ root: objectsRoot, publicUrl: TEST_ORIGIN, secret: SECRET });
      expect((await putFile(ctx.app, await fresh.createUploadUrl(key), PNG)).statusCode).toBe(200);
    });

    it("never overwrites: a second PUT to the same URL is 409 and keeps the first file", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect((await putFile(ctx.app, uploadURL, PNG)).statusCode).toBe(200);
      const second = await putFile(ctx.app, uploadURL, GIF);
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toEqual({ message: "This upload link was already used." });
      expect(readFileSync(fileOf(keyOf(uploadURL))).equals(PNG)).toBe(true);
      // Not even once the photo is set.
      await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
      expect((await putFile(ctx.app, uploadURL, HTML)).statusCode).toBe(409);
      const served = await getObject(ctx.app, `/objects/${publishedKey(keyOf(uploadURL))}`);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    });

    it("refuses another user's upload with 403, leaving both users' photos alone", async () => {
      const alice = await createReadyUser(ctx.app);
      const bob = await createReadyUser(ctx.app);
      const { uploadURL, key, objectPath } = await setPhoto(ctx.app, alice);
      for (const photoURL of [uploadURL, objectPath, `${TEST_ORIGIN}${objectPath}`]) {
        const response = await as(ctx.app, bob)("PUT", "/api/profile/photo", { photoURL });
        expect(response.statusCode, photoURL).toBe(403);
        expect(response.json()).toEqual({ message: "That upload belongs to someone else." });
      }
      expect((await as(ctx.app, bob)("GET", "/api/auth/user")).json().photo).toBeNull();
      expect((await as(ctx.app, alice)("GET", "/api/auth/user")).json().photo).toBe(objectPath);
      expect(existsSync(fileOf(key))).toBe(true);

      // Alice's not-yet-used upload URL is hers only, too.
      const fresh = await newUploadUrl(ctx.app, alice);
      expect((await putFile(ctx.app, fresh, PNG)).statusCode).toBe(200);
      expect((await as(ctx.app, bob)("PUT", "/api/profile/photo", { photoURL: fresh })).statusCode).toBe(403);
      expect(existsSync(fileOf(keyOf(fresh)))).toBe(true);
    });

    it("refuses photo URLs outside our storage with 400 {message}", async () => {
      const user = await createReadyUser(ctx.app);
      const uploadURL = await newUploadUrl(ctx.app, user);
      expect((await putFile(ctx.app, uploadURL, PNG)).statusCode).toBe(200);
      const key = keyOf(uploadURL);
      const { pathname, search } = new URL(uploadURL);
      for (const photoURL of [
        "/etc/passwd",
        `https://evil.example/api/uploads/${key}`,
        `https://evil.example${pathname}${search}`,
        `http://localhost:3001${pathname}`,
        `https://localhost:3000${pathname}`,
        "not a url",
        "../../x",
        `../../${key.replace(/[0-9a-f]{8}-/, "zzzzzzzz-")}`,
        `/objects/${key}x`,
        `/objects/${key.split("/").slice(0, 2).join("/")}`,
        "javascript:alert(1)",
        "data:image/png;base64,iVBORw0KGgo=",
        "",
      ]) {
        const response = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL });
        expect(response.statusCode, photoURL).toBe(400);
        expect(response.json().message, photoURL).toMatch(/^photoURL: /);
      }
      for (const body of [{}, { photoURL: 42 }, { photoURL: uploadURL, extra: 1 }]) {
        expect((await as(ctx.app, user)("PUT", "/api/profile/photo", body)).statusCode).toBe(400);
      }
      // One of our own keys with nothing uploaded yet.
      const unused = await newUploadUrl(ctx.app, user);
      const missing = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: unused });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/not found/);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
    });

    it("deletes the previous photo when a new one is set", async () => {
      const user = await createReadyUser(ctx.app);
      const first = await setPhoto(ctx.app, user, PNG);
      expect((await getObject(ctx.app, first.objectPath)).statusCode).toBe(200);
      const second = await setPhoto(ctx.app, user, GIF);
      expect(second.objectPath).not.toBe(first.objectPath);
      expect((await getObject(ctx.app, first.objectPath)).statusCode).toBe(404);
      expect(existsSync(fileOf(first.key))).toBe(false);
      expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBe(second.objectPath);
      expectServedSafely(await getObject(ctx.app, second.objectPath), "image/gif");
      // The old URL cannot be set again.
      const back = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: first.uploadURL });
      expect(back.statusCode).toBe(400);
    });

    it("answers 401 to signed-out photo calls", async () => {
      const anonymous = as(ctx.app, null);
      const upload = await anonymous("POST", "/api/profile/photo/upload");
      expect(upload.statusCode).toBe(401);
      expect(upload.json()).toEqual({ message: "Unauthorized" });
      const set = await anonymous("PUT", "/api/profile/photo", {
        photoURL: `${TEST_ORIGIN}/api/uploads/uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-000000000000`,
      });
      expect(set.statusCode).toBe(401);
    });

    it("serves nothing but stored images under /objects/: 404 for traversal, junk and non-images", async () => {
      const user = await createReadyUser(ctx.app);
      const { key } = await setPhoto(ctx.app, user);
      const tag = key.split("/")[1] as string;
      // A non-image that got onto the disk under a well-formed key (say, restored from a backup).
      const planted = `uploads/${tag}/11111111-2222-4333-8444-555555555555`;
      mkdirSync(path.dirname(fileOf(planted)), { recursive: true });
      writeFileSync(fileOf(planted), HTML);
      for (const url of [
        "/objects/uploads/../../etc/passwd",
        "/objects/uploads/%2e%2e/%2e%2e/etc/passwd",
        "/objects/uploads%2F..%2F..%2Fetc%2Fpasswd",
        "/objects/whatever",
        "/objects/",
        "/objects",
        `/objects/${key}/`,
        `/objects/${key}.png`,
        `/objects/${key.toUpperCase()}`,
        "/objects/uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-000000000000",
        `/objects/${planted}`,
      ]) {
        const response = await getObject(ctx.app, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-type"], url).toMatch(/^application\/json/);
      }
    });
  },
  { dataDir },
);
