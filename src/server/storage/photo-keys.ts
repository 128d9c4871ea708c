import { createHmac, randomUUID } from "node:crypto";
import { INCOMING_PREFIX, KEY_PATTERN, type PhotoVariant, PUBLISHED_PREFIX } from "./object-storage";

/**
 * Upload keys are `incoming/{ownerTag}/{uuid}`, and `uploads/{ownerTag}/{uuid}` once set as a
 * photo. The tag is an HMAC of the user id, so a key proves whose upload it is without putting
 * the internal user id into public photo URLs.
 */
export function ownerTag(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`photo-owner:${userId}`).digest("base64url").slice(0, 22);
}

export function newUploadKey(secret: string, userId: string): string {
  return `${INCOMING_PREFIX}${ownerTag(secret, userId)}/${randomUUID()}`;
}

/** The key an upload is served from once it is someone's photo. */
export function publishedKey(key: string): string {
  return `${PUBLISHED_PREFIX}${key.slice(key.indexOf("/") + 1)}`;
}

export const OBJECTS_PREFIX = "/objects/";

/** The key at the end of an upload URL or an /objects/ path, or null when there is none. */
export function keyFromUrl(value: string, base: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(value, base).pathname);
  } catch {
    return null;
  }
  const match = /((?:incoming|uploads)\/[^/]+\/[^/]+)$/.exec(pathname);
  return match?.[1] && KEY_PATTERN.test(match[1]) ? match[1] : null;
}

export function keyFromObjectPath(objectPath: string | null): string | null {
  if (!objectPath?.startsWith(OBJECTS_PREFIX)) return null;
  const key = objectPath.slice(OBJECTS_PREFIX.length);
  return KEY_PATTERN.test(key) ? key : null;
}

/** Where one of a photo's resized versions is kept: beside it (object-storage.ts PHOTO_VARIANTS). */
export function variantKey(key: string, variant: PhotoVariant): string {
  return `${key}-${variant}`;
}
