import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type SigningSecret, signature, signatureHolds } from "#server/lib/signed-token.ts";
import {
  checkedKey,
  checkedStorage,
  INCOMING_KEY_PATTERN,
  INCOMING_PREFIX,
  type StoreBackend,
  UPLOAD_URL_TTL_SECONDS,
} from "./object-storage";

/** The route that receives local uploads (routes/photos/upload-route.ts). */
export const LOCAL_UPLOAD_PREFIX = "/api/uploads/";

/**
 * Files under DATA_DIR/objects. Upload URLs point at our own PUT endpoint and carry a MAC of
 * the key and expiry (lib/signed-token.ts), so only the URL we handed out (to the key's owner)
 * can write that key.
 */
export function createLocalStorage(options: {
  root: string;
  publicUrl: string;
  secret: SigningSecret;
  /** The clock, for tests of expiry. */
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const root = path.resolve(options.root);
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  const message = (key: string, expires: number) => `${key}:${expires}`;

  const storage: StoreBackend & {
    verifyUpload(
      key: string,
      expires: string | undefined,
      sig: string | undefined,
    ): "ok" | "expired" | "invalid";
    /** Opens the key's file for writing; fails with EEXIST rather than overwrite. */
    openForWrite(key: string): Promise<{ path: string; handle: import("node:fs/promises").FileHandle }>;
  } = {
    sizeRequired: false,
    async createUploadUrl(key) {
      const expires = Math.floor(now() / 1000) + UPLOAD_URL_TTL_SECONDS;
      const url = new URL(`${LOCAL_UPLOAD_PREFIX}${key}`, options.publicUrl);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("sig", signature(options.secret, "upload", message(key, expires)));
      return url.toString();
    },
    verifyUpload(key, expires, sig) {
      if (!INCOMING_KEY_PATTERN.test(key) || !expires || !sig || !/^\d{1,12}$/.test(expires))
        return "invalid";
      if (!signatureHolds(options.secret, "upload", message(key, Number(expires)), sig)) return "invalid";
      return Number(expires) * 1000 < now() ? "expired" : "ok";
    },
    async openForWrite(key) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      return { path: file, handle: await open(file, "wx") };
    },
    async head(key, bytes) {
      const file = fileOf(key);
      const handle = await open(file, "r").catch(() => null);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        const buffer = Buffer.alloc(Math.min(bytes, size));
        await handle.read(buffer, 0, buffer.length, 0);
        return { size, head: buffer };
      } finally {
        await handle.close();
      }
    },
    async read(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, body: createReadStream(file) };
    },
    async move(from, to) {
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(fileOf(from), target);
    },
    async write(key, body) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Whole or not at all: a reader never sees half a photo.
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async *listIncoming() {
      const incoming = path.join(root, INCOMING_PREFIX);
      for (const tag of await readdir(incoming).catch(() => [])) {
        for (const name of await readdir(path.join(incoming, tag)).catch(() => [])) {
          const key = `${INCOMING_PREFIX}${tag}/${name}`;
          if (!INCOMING_KEY_PATTERN.test(key)) continue; // fileOf would refuse it
          const info = await stat(fileOf(key)).catch(() => null);
          if (info?.isFile()) yield { key, modifiedAt: info.mtimeMs };
        }
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(path.join(root, prefix), { recursive: true, force: true });
    },
  };
  return checkedStorage(storage);
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
