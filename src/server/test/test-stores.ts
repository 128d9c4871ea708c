import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Config } from "#server/env.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { ObjectStorage } from "#server/storage/object-storage.ts";
import { publishedKey } from "#server/storage/photo-keys.ts";
import { createS3Storage } from "#server/storage/s3-storage.ts";
import { as, nextIp, TEST_ORIGIN, TEST_SECRET, type TestUser } from "#server/test/harness.ts";
import { startS3 } from "./s3rver";

/** Test support for the photo suites: the files they send and the two stores they run on. */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
/** A real 1x1 GIF89a. */
export const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
export const HTML = Buffer.from(
  "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
);
/** PNG signature then random bytes and an HTML payload: passes the sniff, must still be served inertly. */
export const PNG_ON_GARBAGE = Buffer.concat([
  PNG_SIGNATURE,
  randomBytes(256),
  Buffer.from("<script>alert(1)</script>"),
]);

export const getObject = (app: FastifyInstance, objectPath: string) =>
  app.inject({ method: "GET", url: objectPath, remoteAddress: nextIp() });

export function expectServedSafely(response: Awaited<ReturnType<typeof getObject>>, type: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe(type);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(response.headers["cache-control"]).toBe("public, max-age=86400");
}

/** One object store as the photo suites drive it: the app's configuration and a look behind it. */
export type PhotoStore = {
  name: "local" | "s3";
  config: Partial<Config>;
  /** The object key an upload URL writes to. */
  keyOf(uploadURL: string): string;
  /** The browser's PUT of the raw file to an upload URL; its status code. */
  put(app: FastifyInstance, uploadURL: string, body: Buffer, type?: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Our own handle on the store the app writes to (e.g. to sweep it with a clock of our choosing). */
  storage: ObjectStorage;
  /** Writes an object behind the app's back (a restore from backup, a stray file). */
  plant(key: string, body: Buffer): Promise<void>;
  close(): Promise<void>;
};

/** The default store: a data folder of our own, so the test can look at the files. */
export function localStore(): PhotoStore & { fileOf(key: string): string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-photos-"));
  const fileOf = (key: string) => path.join(dataDir, "objects", key);
  return {
    name: "local",
    config: { dataDir },
    fileOf,
    keyOf(uploadURL) {
      const match = /^\/api\/uploads\/(incoming\/[^/]+\/[^/]+)$/.exec(new URL(uploadURL).pathname);
      if (!match?.[1]) throw new Error(`not a local upload URL: ${uploadURL}`);
      return match[1];
    },
    async put(app, uploadURL, body, type = "image/png") {
      const url = new URL(uploadURL);
      const response = await app.inject({
        method: "PUT",
        url: url.pathname + url.search,
        headers: { "content-type": type, origin: TEST_ORIGIN },
        payload: body,
      });
      return response.statusCode;
    },
    exists: async (key) => existsSync(fileOf(key)),
    storage: createLocalStorage({
      root: fileOf(""),
      publicUrl: TEST_ORIGIN,
      secret: TEST_SECRET,
    }),
    async plant(key, body) {
      mkdirSync(path.dirname(fileOf(key)), { recursive: true });
      writeFileSync(fileOf(key), body);
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** An S3-compatible server on loopback (s3rver), checking presigned signatures as S3 does. */
export async function s3Store() {
  const server = await startS3();
  const { bucket } = server.config;
  return {
    name: "s3",
    config: { s3: server.config },
    s3: server.config,
    /** Our own view of the bucket. */
    client: server.client,
    keyOf(uploadURL: string) {
      const prefix = `/${bucket}/`;
      const { pathname } = new URL(uploadURL);
      if (!pathname.startsWith(prefix)) throw new Error(`not an upload URL of our bucket: ${uploadURL}`);
      return pathname.slice(prefix.length);
    },
    async put(_app: FastifyInstance, uploadURL: string, body: Buffer, type = "image/png") {
      const response = await fetch(uploadURL, {
        method: "PUT",
        body: new Uint8Array(body),
        headers: { "content-type": type },
      });
      await response.arrayBuffer();
      return response.status;
    },
    async exists(key: string) {
      try {
        await server.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw error;
      }
    },
    storage: createS3Storage(server.config),
    async plant(key: string, body: Buffer) {
      await server.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    close: () => server.close(),
  } satisfies PhotoStore & Record<string, unknown>;
}

/** An upload URL for a file of `file`'s size (S3 signs the size in). */
export async function newUploadUrl(
  app: FastifyInstance,
  user: TestUser,
  file: Buffer = PNG,
): Promise<string> {
  const response = await as(app, user)("POST", "/api/profile/photo/upload", { size: file.length });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uploadURL;
}

/** Uploads the file and makes it the user's photo; `key` is where it is served from. */
export async function setPhoto(store: PhotoStore, app: FastifyInstance, user: TestUser, file: Buffer = PNG) {
  const uploadURL = await newUploadUrl(app, user, file);
  expect(await store.put(app, uploadURL, file)).toBe(200);
  const set = await as(app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
  expect(set.statusCode, set.body).toBe(200);
  return {
    uploadURL,
    key: publishedKey(store.keyOf(uploadURL)),
    objectPath: set.json().objectPath as string,
  };
}
