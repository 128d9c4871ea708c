import type { Readable } from "node:stream";

export { MAX_PHOTO_BYTES } from "#shared/input-limits.ts";
/** Upload URLs live 15 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Where uploads wait until they are set as a photo: never served, swept after an hour
 * (routes/photos/sweeper.ts; on S3 also a lifecycle rule on this prefix, see docs/operations.md).
 */
export const INCOMING_PREFIX = "incoming/";
/** Where a photo moves when it is set: the only keys /objects/ serves. */
export const PUBLISHED_PREFIX = "uploads/";

/**
 * Object storage behind one small interface: local disk (default) or any S3-compatible store.
 * Keys look like `incoming/{ownerTag}/{uuid}` or `uploads/{ownerTag}/{uuid}`; a key is
 * written once and never reused.
 */
export interface ObjectStorage {
  /** The store refuses a wrong length only when the size is signed into the URL (S3): then it is required. */
  readonly sizeRequired: boolean;
  /**
   * A URL the browser PUTs the raw file to, valid for UPLOAD_URL_TTL_SECONDS. With `size`,
   * the store itself refuses a body of any other length (S3 signs the Content-Length).
   */
  createUploadUrl(key: string, size?: number): Promise<string>;
  /** The object's size and first bytes, or null when it does not exist. */
  head(key: string, bytes: number): Promise<{ size: number; head: Buffer } | null>;
  /** A stream of the whole object, or null when it does not exist. */
  read(key: string): Promise<{ size: number; body: Readable } | null>;
  /** Moves an object to another key (an upload becoming a photo). */
  move(from: string, to: string): Promise<void>;
  /** Writes a whole object (a photo re-encoded when set, and its resized versions). */
  write(key: string, body: Buffer): Promise<void>;
  /** Every object under INCOMING_PREFIX, with when it was last written (ms since the epoch). */
  listIncoming(): AsyncIterable<{ key: string; modifiedAt: number }>;
  delete(key: string): Promise<void>;
  /** Every object of one owner (`uploads/{ownerTag}/`), as when an account is deleted. */
  deleteOwner(ownerTag: string): Promise<void>;
}

/** Owner tags are what KEY_PATTERN allows in the second segment. */
export const OWNER_TAG_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const SEGMENTS = /[A-Za-z0-9_-]{8,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.source;
/** Keys we create: a prefix, a safe segment then a UUID. Anything else is refused before touching storage. */
export const KEY_PATTERN = new RegExp(`^(?:incoming|uploads)\\/${SEGMENTS}`);
export const INCOMING_KEY_PATTERN = new RegExp(`^incoming\\/${SEGMENTS}`);
/** A photo's resized versions sit beside it: `uploads/{ownerTag}/{uuid}-192` (photo-keys.ts). */
export const PHOTO_VARIANTS = ["96", "192", "card"] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** Each version's side in pixels: square avatars for pages (WebP), and the card's photo (PNG). */
export const PHOTO_VARIANT_SIDES: Record<PhotoVariant, number> = { "96": 96, "192": 192, card: 240 };
const PUBLISHED = `^uploads\\/${SEGMENTS.slice(0, -1)}(?:-(?:${PHOTO_VARIANTS.join("|")}))?$`;
/** Photos and their versions: the only keys /objects/ serves. */
export const PUBLISHED_KEY_PATTERN = new RegExp(PUBLISHED);
/** Every key a store holds: uploads, photos and their versions. */
export const STORED_KEY_PATTERN = new RegExp(`${KEY_PATTERN.source}|${PUBLISHED}`);

/** The key when `pattern` allows it; any other is refused before it touches storage. */
export function checkedKey(key: string, pattern = STORED_KEY_PATTERN): string {
  if (!pattern.test(key)) throw new Error("invalid object key");
  return key;
}

/** Where one owner's objects live: their waiting uploads and their photos. */
function ownerPrefixes(ownerTag: string): string[] {
  if (!OWNER_TAG_PATTERN.test(ownerTag)) throw new Error("invalid owner tag");
  return [INCOMING_PREFIX, PUBLISHED_PREFIX].map((prefix) => `${prefix}${ownerTag}/`);
}

/** What a store implements: plain I/O on keys `checkedStorage` has already checked. */
export type StoreBackend = Omit<ObjectStorage, "deleteOwner"> & {
  /** Every object whose key starts with `prefix` (one owner's folder). */
  deletePrefix(prefix: string): Promise<void>;
};

/**
 * A store with the key rules in front of it, the same for every store: a key we did not make
 * never reaches the disk or the bucket (the call rejects), uploads go only under INCOMING_PREFIX,
 * the sweeper is shown only our own keys, and an owner tag is checked before its folders go.
 */
export function checkedStorage<B extends StoreBackend>(backend: B): Omit<B, "deletePrefix"> & ObjectStorage {
  const { deletePrefix, ...rest } = backend;
  return {
    ...rest,
    createUploadUrl: async (key, size) =>
      backend.createUploadUrl(checkedKey(key, INCOMING_KEY_PATTERN), size),
    head: async (key, bytes) => backend.head(checkedKey(key), bytes),
    read: async (key) => backend.read(checkedKey(key)),
    move: async (from, to) => backend.move(checkedKey(from), checkedKey(to)),
    write: async (key, body) => backend.write(checkedKey(key, PUBLISHED_KEY_PATTERN), body),
    delete: async (key) => backend.delete(checkedKey(key)),
    async *listIncoming() {
      for await (const object of backend.listIncoming()) {
        if (INCOMING_KEY_PATTERN.test(object.key)) yield object;
      }
    },
    async deleteOwner(ownerTag) {
      for (const prefix of ownerPrefixes(ownerTag)) await deletePrefix(prefix);
    },
  };
}
