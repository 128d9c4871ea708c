import type { Readable } from "node:stream";

/** Photos are at most 5 MB (spec §5 Photo, §9). */
export const MAX_PHOTO_BYTES = 5_242_880;
/** Upload URLs live 15 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Object storage behind one small interface: local disk (default) or any S3-compatible store.
 * Keys look like `uploads/{ownerTag}/{uuid}`; a key is written once and never reused.
 */
export interface ObjectStorage {
  readonly kind: "local" | "s3";
  /** A URL the browser PUTs the raw file to, valid for UPLOAD_URL_TTL_SECONDS. */
  createUploadUrl(key: string): Promise<string>;
  /** The object's size and first bytes, or null when it does not exist. */
  head(key: string, bytes: number): Promise<{ size: number; head: Buffer } | null>;
  /** A stream of the whole object, or null when it does not exist. */
  read(key: string): Promise<{ size: number; body: Readable } | null>;
  delete(key: string): Promise<void>;
  /** Every object of one owner (`uploads/{ownerTag}/`), as when an account is deleted. */
  deleteOwner(ownerTag: string): Promise<void>;
}

/** Owner tags are what KEY_PATTERN allows in the second segment. */
export const OWNER_TAG_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Keys we create: two safe segments then a UUID. Anything else is refused before touching storage. */
export const KEY_PATTERN =
  /^uploads\/[A-Za-z0-9_-]{8,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
